import type { Policy } from '@forecourt/contracts/policies';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { standingOf } from '../../../lib/standing/standing.ts';
import { Notification } from '../../../ui/index.ts';
import styles from '../policy.module.css';
import { gbp, londonDay } from '../policy-view.ts';

/**
 * The notices of where a policy stands (issue 28, ADR 352), above the tabs: arrears (with the way to the
 * billing tab, where it is paid; the billing tab has its own), and a policy that will not start. Each reads the
 * API's standing and nothing else.
 */
export function StandingNotices({
  policy,
  root,
  onBilling,
}: {
  policy: Policy;
  root: string;
  onBilling: boolean;
}) {
  const { t } = useTranslation();
  const s = standingOf(policy);
  return (
    <>
      {s.arrears && !onBilling && (
        <Notification
          variant="critical"
          title={t('standing.arrears.title', { amount: gbp(s.arrears.amount) })}
          action={
            <Link to={`${root}/billing`} className={styles.linkButton}>
              {t('standing.arrears.link')}
            </Link>
          }
        >
          <span data-testid="standing-arrears">{t('standing.arrears.body')}</span>
        </Notification>
      )}
      {s.headline === 'notStarting' && (
        <Notification variant="info" title={t('standing.notStarting.title')}>
          <span data-testid="standing-not-starting">
            {t('standing.notStarting.body', { date: londonDay(policy.policyDetail.inceptedAt) })}
          </span>
        </Notification>
      )}
    </>
  );
}

/** A statement raised and being collected (a Direct Debit in flight): said as such, never as arrears. */
export function PendingCollectionNotice({
  policy,
  method,
}: {
  policy: Policy;
  method: 'CARD' | 'BACS_DEBIT';
}) {
  const { t } = useTranslation();
  const pending = standingOf(policy).pendingCollection;
  if (!pending) return null;
  return (
    <Notification variant="info" title={t('standing.pending.title', { amount: gbp(pending.amount) })}>
      <span data-testid="pending-collection">
        {pending.chargeAt ? t(`standing.pending.${method}`, { date: londonDay(pending.chargeAt) }) : null}
      </span>
    </Notification>
  );
}

/** The next payment the customer will really make, as the API works it out (the days on cover only). */
export function NextPaymentBody({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  const s = standingOf(policy);
  const next = s.nextPayment;
  if (next)
    return (
      <div>
        <p className={styles.price} data-testid="next-payment">
          {t('policy.billing.nextBody', { amount: gbp(next.amount), date: londonDay(next.dueAt) })}
        </p>
        <p className={styles.muted} data-testid="next-payment-how">
          {t(`standing.next.${next.method}`)}{' '}
          {next.coverEndsAt ? t('standing.next.coverEnds', { date: londonDay(next.coverEndsAt) }) : null}
        </p>
      </div>
    );
  const endsAt = s.ending?.endsAt ?? (s.ended && !s.ended.neverStarted ? s.ended.endedAt : null);
  return (
    <p className={styles.muted} data-testid="next-payment">
      {endsAt ? t('policy.billing.nextNoneEnds', { date: londonDay(endsAt) }) : t('policy.billing.nextNone')}
    </p>
  );
}
