import type { Policy } from '@forecourt/contracts/policies';
import { addDaysIso, startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/errors.ts';
import { gbp, londonDay } from '../../../lib/policy-readers.ts';
import {
  Button,
  blocks,
  Field,
  Notification,
  RadioGroup,
  Select,
  Spinner,
  TextInput,
} from '../../../ui/index.ts';
import { useCancellationOptions, useCancelPolicy } from '../api/cancellation.ts';

/** London days from tomorrow to the last day a cancellation may be deferred to. */
function deferralDays(latestDay: string, now = new Date()): string[] {
  const out: string[] = [];
  for (
    let day = addDaysIso(todayInLondon(now), 1);
    day <= latestDay && out.length < 366;
    day = addDaysIso(day, 1)
  )
    out.push(day);
  return out;
}

/**
 * The cancel page (spec 2 §2 "Cancel routes", §4, §5): cooling-off offers the reasons only and cancels now
 * with the refund shown; standard also offers immediately or a later day up to the deferral limit. A reason
 * is required; 'Other' needs free text (sent as 'Other|text'). Confirms at once, then shows the confirmation.
 */
export function CancelForm({ policy, root }: { policy: Policy; root: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useCancellationOptions(policy.policyId);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const cancel = useCancelPolicy(policy.policyId, idempotencyKey, (a) =>
    navigate(`${root}/cancel/confirm?adjustment=${a.adjustmentId}`),
  );
  const [reason, setReason] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const [when, setWhen] = useState<string | null>('immediately');
  const [day, setDay] = useState<string | null>(null);

  if (options.isPending) return <Spinner size="large" />;
  if (options.isError || !options.data.allowed)
    return (
      <div data-testid="cancel-not-allowed">
        <Notification variant="critical" title={t('policy.cancel.notAllowed.header')}>
          {t('policy.cancel.notAllowed.body')}
        </Notification>
        <p>
          <Button to={root} variant="secondary">
            {t('policy.cancel.back')}
          </Button>
        </p>
      </div>
    );
  const o = options.data;
  const coolingOff = o.type === 'CoolingOff';
  const deferred = !coolingOff && when === 'deferred';
  const otherMissing = reason === 'Other' && other.trim() === '';
  const valid = reason !== null && !otherMissing && (!deferred || day !== null);
  const submit = () => {
    if (!valid || reason === null) return;
    cancel.mutate({
      reason: reason === 'Other' ? `Other|${other.trim()}` : reason,
      effectiveAt: deferred && day ? startOfDayLondon(day).toISOString() : null,
    });
  };
  const gone = isApiError(cancel.error) && cancel.error.status === 410;
  // What cancelling now settles: a refund, or what would still be to pay (ADR 383), or neither.
  const ifNow =
    o.refundIfNowPence > 0
      ? t('policy.cancel.ifNow.refund', { refund: gbp(o.refundIfNowPence) })
      : o.owedIfNowPence > 0
        ? t('policy.cancel.ifNow.owed', { amount: gbp(o.owedIfNowPence) })
        : t('policy.cancel.ifNow.nothing');

  return (
    <form
      className={blocks.stack}
      data-testid="cancel-form"
      data-cancellation-type={o.type}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className={blocks.sectionTitle}>{t('policy.cancel.header')}</h2>
      <Notification
        variant="info"
        title={t(coolingOff ? 'policy.cancel.coolingOff.header' : 'policy.cancel.standard.header')}
      >
        {coolingOff
          ? `${t('policy.cancel.coolingOff.body')} ${ifNow}`
          : t('policy.cancel.standard.body', {
              date: londonDay(startOfDayLondon(o.latestDay).toISOString()),
            })}
      </Notification>
      <Field label={t('policy.cancel.reason')} group required>
        {(control) => (
          <RadioGroup
            {...control}
            name="reason"
            value={reason}
            onChange={setReason}
            options={o.reasons.map((r) => ({ value: r, label: t(`policy.cancel.reasons.${r}`, r) }))}
          />
        )}
      </Field>
      {reason === 'Other' && (
        <Field
          label={t('policy.cancel.otherText')}
          required
          error={otherMissing ? t('policy.cancel.otherRequired') : undefined}
        >
          {(control) => (
            <TextInput {...control} name="otherText" value={other} onChange={setOther} maxLength={500} />
          )}
        </Field>
      )}
      {!coolingOff && (
        <Field label={t('policy.cancel.when')} group required>
          {(control) => (
            <RadioGroup
              {...control}
              name="when"
              value={when}
              onChange={setWhen}
              options={[
                {
                  value: 'immediately',
                  label: t('policy.cancel.immediately'),
                  hint: ifNow,
                },
                ...(o.deferralDays > 0 ? [{ value: 'deferred', label: t('policy.cancel.deferred') }] : []),
              ]}
            />
          )}
        </Field>
      )}
      {deferred && (
        <Field label={t('policy.cancel.day')} hint={t('policy.cancel.dayHint')} required>
          {(control) => (
            <Select
              {...control}
              name="day"
              value={day}
              onChange={setDay}
              options={deferralDays(o.latestDay).map((d) => ({
                value: d,
                label: londonDay(startOfDayLondon(d).toISOString()),
              }))}
            />
          )}
        </Field>
      )}
      {cancel.isError && (
        <Notification
          variant="critical"
          title={t(gone ? 'policy.cancel.gone.header' : 'policy.cancel.failed.header')}
        >
          {gone ? t('policy.cancel.gone.body') : cancel.error.message}
        </Notification>
      )}
      <div className={blocks.actions}>
        <Button type="submit" disabled={!valid} loading={cancel.isPending} data-testid="confirm-cancel">
          {t('policy.cancel.submit')}
        </Button>
        <Button to={root} variant="tertiary">
          {t('policy.cancel.keep')}
        </Button>
      </div>
    </form>
  );
}
