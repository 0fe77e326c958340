import type { RenewalReview } from '@forecourt/contracts/renewals';
import { formatLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { formatRegistrationMark } from '@forecourt/domain/patterns';
import { RENEWAL_ADJUSTMENT_PERCENT_MAX } from '@forecourt/domain/renewal';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/errors.ts';
import { useAuth } from '../../../lib/auth/auth-context.tsx';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Field, Notification, RadioGroup, Select, Spinner, TextInput } from '../../../ui/index.ts';
import { AdminFrame } from '../admin-frame.tsx';
import { useDecideRenewal, useRenewalQueue, useRenewalReview } from '../api/renewal-review.ts';
import styles from './renewal-review.module.css';
import './texts.ts';

const DECIDE = 'action:renewals';
const pence = (p: number | null | undefined) => (p === null || p === undefined ? '—' : formatGBP(p));
const day = (iso: string) => formatLondon(iso, 'd MMM yyyy');

/**
 * {ADMIN_PATH}/renewals[/{proposalCode}] (issue 14 §1, ADR 265): the staff queue of renewals waiting for a
 * person, and one renewal with its prices, referral reasons, past decisions and the decision form. Staff need
 * access:impersonate to see it and action:renewals to decide; no customer is impersonated.
 */
export function RenewalReviewScreen({ path }: { path: string }) {
  const code = path.replace(/^\/renewals\/?/, '').split('/')[0] ?? '';
  return (
    <AdminFrame page={code ? 'admin-renewal-review' : 'admin-renewals'} wide>
      {code ? <Review code={code} /> : <Queue />}
    </AdminFrame>
  );
}

function useBase() {
  const { basename } = useConfig();
  return basename.replace(/\/$/, '');
}

function Queue() {
  const { t } = useTranslation();
  const base = useBase();
  const queue = useRenewalQueue();
  return (
    <>
      <h1>{t('admin.renewals.header')}</h1>
      <p>{t('admin.renewals.body')}</p>
      {!queue.data ? (
        <Spinner label="" />
      ) : queue.data.length === 0 ? (
        <Notification variant="info">{t('admin.renewals.empty')}</Notification>
      ) : (
        <ul className={styles.queue} data-testid="renewal-queue">
          {queue.data.map((r) => (
            <li key={r.proposalCode} className={styles.item} data-renewal={r.proposalCode}>
              <div>
                <strong>{r.policyNumber ?? r.policyId}</strong>{' '}
                {r.vrn && <span className={styles.plate}>{formatRegistrationMark(r.vrn)}</span>}{' '}
                <span className={styles.badge} data-status={r.status}>
                  {t(`admin.renewals.status.${r.status}`)}
                </span>
                <div className={styles.muted}>
                  {t('admin.renewals.anniversary')} {day(r.anniversaryAt)} · {t('admin.renewals.offered')}{' '}
                  {pence(r.offeredTotal)} · {t('admin.renewals.lastYear')} {pence(r.previousTotal)}
                </div>
              </div>
              <a
                className={styles.open}
                href={`${base}/renewals/${r.proposalCode}`}
                aria-label={t('admin.renewals.open', { policyNumber: r.policyNumber ?? r.policyId })}
              >
                {t('admin.renewals.review')}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.links}>
        <a href={`${base}/`}>{t('admin.renewals.customers')}</a>
      </p>
    </>
  );
}

function Review({ code }: { code: string }) {
  const { t } = useTranslation();
  const base = useBase();
  const review = useRenewalReview(code);
  const { user } = useAuth();
  const back = (
    <p className={styles.links}>
      <a href={`${base}/renewals`}>{t('admin.renewals.back')}</a>
    </p>
  );
  if (review.isError)
    return (
      <>
        <Notification variant="warning">{t('admin.renewals.missing')}</Notification>
        {back}
      </>
    );
  if (!review.data) return <Spinner label="" />;
  const r = review.data;
  const mayDecide = user?.permissions.includes(DECIDE) ?? false;
  return (
    <>
      {back}
      <h1>
        {r.policyNumber}{' '}
        <span className={styles.badge} data-status={r.status}>
          {t(`admin.renewals.status.${r.status}`)}
        </span>
      </h1>
      <p>
        {r.holderName} · {t('admin.renewals.anniversary')} {day(r.anniversaryAt)}
      </p>
      <dl className={styles.prices} data-testid="renewal-prices">
        <dt>{t('admin.renewals.lastYear')}</dt>
        <dd>{pence(r.previousTotal)}</dd>
        <dt>{t('admin.renewals.renewalPrice')}</dt>
        <dd>{pence(r.renewalTotal)}</dd>
        <dt>{t('admin.renewals.newBusiness')}</dt>
        <dd>{pence(r.newBusinessTotal)}</dd>
        <dt>{t('admin.renewals.offered')}</dt>
        <dd data-price="offered">
          <strong>{pence(r.offeredTotal)}</strong>
        </dd>
      </dl>
      {r.capped && <p className={styles.muted}>{t('admin.renewals.capped')}</p>}
      {r.referralReasons.length > 0 && (
        <>
          <h2>{t('admin.renewals.reasons')}</h2>
          <ul>
            {r.referralReasons.map((reason) => (
              <li key={`${reason.code}-${reason.profileCode ?? ''}`}>{reason.message}</li>
            ))}
          </ul>
        </>
      )}
      {r.decisions.length > 0 && (
        <>
          <h2>{t('admin.renewals.decisions')}</h2>
          <ul data-testid="renewal-decisions">
            {r.decisions.map((d) => (
              <li key={d.decidedAt}>
                {t(`admin.renewals.decision.${d.action}`, {
                  staff: d.staff,
                  date: day(d.decidedAt),
                  reason: d.reason,
                  percent: d.adjustmentPercent > 0 ? `+${d.adjustmentPercent}` : d.adjustmentPercent,
                  before: pence(d.offeredBefore),
                  after: pence(d.offeredAfter),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {r.status === 'INVITED' && r.decisions.length > 0 ? (
        <Notification variant="success">
          {t('admin.renewals.done', { price: pence(r.offeredTotal) })}
        </Notification>
      ) : !r.open ? (
        <Notification variant="info">{t('admin.renewals.closed')}</Notification>
      ) : mayDecide ? (
        <DecisionForm review={r} />
      ) : (
        <Notification variant="info">{t('admin.renewals.readOnly')}</Notification>
      )}
    </>
  );
}

const ADJUSTMENTS = Array.from(
  { length: (2 * RENEWAL_ADJUSTMENT_PERCENT_MAX) / 5 + 1 },
  (_, i) => i * 5 - RENEWAL_ADJUSTMENT_PERCENT_MAX,
);

function DecisionForm({ review }: { review: RenewalReview }) {
  const { t } = useTranslation();
  const decide = useDecideRenewal(review.proposalCode);
  const [action, setAction] = useState<'RELEASE' | 'RERATE'>(review.quote?.totals ? 'RELEASE' : 'RERATE');
  const [percent, setPercent] = useState('0');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const given = reason.trim();
    if (given.length < 3) {
      setReasonError(t('admin.renewals.reason.required'));
      return;
    }
    decide.mutate(
      action === 'RELEASE'
        ? { action, reason: given }
        : { action, reason: given, adjustmentPercent: Number(percent) },
    );
  };
  const failure = decide.error
    ? isApiError(decide.error) && decide.error.status === 409
      ? t('admin.renewals.closed')
      : t('admin.renewals.failed', { message: decide.error.message })
    : undefined;
  return (
    <form onSubmit={submit} noValidate className={styles.form} data-testid="renewal-decision">
      <h2>{t('admin.renewals.decide')}</h2>
      <Field label={t('admin.renewals.action')} group required>
        {(control) => (
          <RadioGroup
            {...control}
            name="action"
            value={action}
            onChange={(v) => setAction(v === 'RERATE' ? 'RERATE' : 'RELEASE')}
            options={[
              {
                value: 'RELEASE',
                label: t('admin.renewals.action.RELEASE'),
                disabled: !review.quote?.totals,
              },
              { value: 'RERATE', label: t('admin.renewals.action.RERATE') },
            ]}
          />
        )}
      </Field>
      {action === 'RERATE' && (
        <Field label={t('admin.renewals.adjustment')} hint={t('admin.renewals.adjustment.hint')}>
          {(control) => (
            <Select
              {...control}
              name="adjustmentPercent"
              value={percent}
              onChange={(v) => setPercent(v ?? '0')}
              options={ADJUSTMENTS.map((p) => ({
                value: String(p),
                label:
                  p === 0
                    ? t('admin.renewals.adjustment.none')
                    : t(p > 0 ? 'admin.renewals.adjustment.loading' : 'admin.renewals.adjustment.discount', {
                        percent: Math.abs(p),
                      }),
              }))}
            />
          )}
        </Field>
      )}
      <Field label={t('admin.renewals.reason')} error={reasonError} required>
        {(control) => (
          <TextInput
            {...control}
            name="reason"
            value={reason}
            maxLength={500}
            autoComplete="off"
            onChange={(v) => {
              setReason(v);
              setReasonError(undefined);
            }}
          />
        )}
      </Field>
      {failure && <Notification variant="critical">{failure}</Notification>}
      <div className={styles.actions}>
        <Button type="submit" data-testid="renewal-decide" loading={decide.isPending}>
          {t('admin.renewals.submit')}
        </Button>
      </div>
    </form>
  );
}
