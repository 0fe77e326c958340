import type { Policy } from '@forecourt/contracts/policies';
import { formatLondon, isIsoDate, startOfDayLondon } from '@forecourt/domain/dates';
import type { EffectiveDateChoice } from '@forecourt/domain/enums';
import {
  customerEffectiveDateError,
  customerEffectiveDays,
  effectiveAtOfChoice,
  effectiveDateError,
  lastChangeAtOf,
} from '@forecourt/domain/policy/effective-date';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Field, Modal, RadioGroup, TextInput } from '../../../ui/index.ts';
import '../change-texts.ts';

const longDay = (iso: string) => formatLondon(startOfDayLondon(iso), 'd MMMM yyyy');

/**
 * When a change takes effect (spec 3 §4 step 1, §5): immediately (the default) or another date, checked by the
 * domain's rule, each refusal with its own message. Staff may also backdate to inception; customers choose from
 * today to the last day the API allows (ADR 356), a new car next week.
 */
export function EffectiveDateModal({
  policy,
  open,
  onClose,
  onChoose,
}: {
  policy: Policy;
  open: boolean;
  onClose: () => void;
  onChoose: (effectiveAt: string) => void;
}) {
  const { t } = useTranslation();
  const { features } = useConfig();
  const staff = features.isAdmin;
  const [choice, setChoice] = useState<string | null>('immediately');
  const [day, setDay] = useState('');
  const now = new Date();
  const at = effectiveAtOfChoice(
    (choice ?? 'immediately') as EffectiveDateChoice,
    policy.policyDetail,
    now,
    isIsoDate(day) ? day : null,
  );
  // Never before the policy's latest change (ADR 398): a change waiting for a later date, or made after inception.
  const dates = { ...policy.policyDetail, lastChangeAt: lastChangeAtOf(policy.versions) };
  const rule = staff ? effectiveDateError : customerEffectiveDateError;
  const error = rule(dates, at, now);
  const days = customerEffectiveDays(dates, now);
  const choices = staff
    ? (['immediately', 'backdate-to-inception', 'other-date'] as const)
    : (['immediately', 'other-date'] as const);
  const label = (c: (typeof choices)[number]) =>
    staff
      ? t(`policy.adjust.effective.${c}`)
      : t(c === 'immediately' ? 'policy.change.effective.now' : 'policy.change.effective.later');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('policy.adjust.effective.header')}
      footer={
        <Button
          disabled={error !== null}
          onClick={() => onChoose(at.toISOString())}
          data-testid="effective-date-continue"
        >
          {t('policy.adjust.effective.continue')}
        </Button>
      }
    >
      {!staff && <p>{t('policy.change.effective.customer', { last: longDay(days.last) })}</p>}
      <Field label={t('policy.adjust.effective.label')} group>
        {(control) => (
          <RadioGroup
            {...control}
            name="effective"
            value={choice}
            onChange={setChoice}
            options={choices.map((c) => ({ value: c, label: label(c) }))}
          />
        )}
      </Field>
      {choice !== 'other-date' && error && (
        <p role="alert" data-testid="effective-date-refused">
          {error.message}
        </p>
      )}
      {choice === 'other-date' && (
        <Field
          label={t('policy.adjust.effective.day')}
          hint={
            staff
              ? 'yyyy-mm-dd'
              : `${t('policy.change.effective.range', { first: days.first, last: days.last })} (yyyy-mm-dd)`
          }
          error={day === '' ? undefined : error?.message}
        >
          {(control) => (
            <TextInput {...control} name="effectiveDay" value={day} onChange={setDay} maxLength={10} />
          )}
        </Field>
      )}
    </Modal>
  );
}
