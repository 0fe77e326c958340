import type { Policy } from '@forecourt/contracts/policies';
import { useTranslation } from 'react-i18next';
import { gbp, londonDay } from '../../../lib/policy-readers.ts';
import { standingOf } from '../../../lib/standing/standing.ts';
import { blocks, Notification } from '../../../ui/index.ts';

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
        <p className={blocks.price} data-testid="next-payment">
          {t('policy.billing.nextBody', { amount: gbp(next.amount), date: londonDay(next.dueAt) })}
        </p>
        <p className={blocks.muted} data-testid="next-payment-how">
          {t(`standing.next.${next.method}`)}{' '}
          {next.coverEndsAt ? t('standing.next.coverEnds', { date: londonDay(next.coverEndsAt) }) : null}
        </p>
      </div>
    );
  // Set to end (said in the future) or ended (in the past): the standing's own words for the policy's state.
  const endsAt = s.ending?.endsAt;
  const endedAt = s.ended && !s.ended.neverStarted ? s.ended.endedAt : null;
  return (
    <p className={blocks.muted} data-testid="next-payment">
      {endsAt
        ? t('policy.billing.nextNoneEnds', { date: londonDay(endsAt) })
        : endedAt
          ? t('policy.billing.nextNoneEnded', { date: londonDay(endedAt) })
          : t('policy.billing.nextNone')}
    </p>
  );
}
