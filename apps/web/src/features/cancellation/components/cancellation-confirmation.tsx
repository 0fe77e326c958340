import type { Policy } from '@forecourt/contracts/policies';
import { formatLondon } from '@forecourt/domain/dates';
import { hasBillingTab, productOfScheme } from '@forecourt/domain/policy/product-kind';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfig } from '../../../lib/config.tsx';
import { requestFeedback } from '../../../lib/feedback.ts';
import { gbp } from '../../../lib/policy-readers.ts';
import { standingOf } from '../../../lib/standing/standing.ts';
import { Button, blocks, Notification, Spinner } from '../../../ui/index.ts';
import { useAdjustment } from '../../changes/index.ts';
import { useReadCancelledPolicy } from '../api/cancellation.ts';

/**
 * The cancellation confirmation (spec 2 §2, §4): the termination time — immediate wording when no date was
 * chosen or it is past — and the refund with when it arrives (7 to 10 working days), or what is still to pay. A customer (never staff,
 * spec 2 §6) is asked for feedback: the shell's feedback host opens the window 2 s later (lib/feedback.ts).
 */
export function CancellationConfirmation({ policy, root }: { policy: Policy; root: string }) {
  const { t } = useTranslation();
  const { features, schemes } = useConfig();
  const billingTab = hasBillingTab(productOfScheme(schemes, policy.schemeCode));
  const [params] = useSearchParams();
  const adjustment = useAdjustment(params.get('adjustment'));
  useReadCancelledPolicy(policy.policyId);
  const a = adjustment.data?.cancellation ?? null;
  const endsAt = a?.terminatesAt ?? policy.policyDetail.terminatedAt;
  const immediate = a
    ? a.immediate || new Date(a.terminatesAt) <= new Date()
    : !endsAt || new Date(endsAt) <= new Date();

  useEffect(() => {
    if (features.isAdmin) return;
    requestFeedback('cancellation', { policyNumber: policy.policyNumber });
  }, [features.isAdmin, policy.policyNumber]);

  if (adjustment.isLoading) return <Spinner size="large" />;
  const time = endsAt ? formatLondon(endsAt, "HH:mm 'on' EEEE d MMMM yyyy") : '';
  // A policy cancelled before its start never had cover: it will not start (ADR 352), said as the API has it
  // or, before the policy reloads, from this cancellation's own end and the start.
  const neverStarts =
    standingOf(policy).headline === 'notStarting' ||
    (endsAt !== null && new Date(endsAt) <= new Date(policy.policyDetail.inceptedAt));
  return (
    <div className={blocks.stack} data-testid="cancellation-confirmation">
      {neverStarts ? (
        <Notification variant="success" title={t('standing.notStarting.title')}>
          <span data-testid="not-starting">
            {t('standing.notStarting.body', {
              date: formatLondon(policy.policyDetail.inceptedAt, 'd MMMM yyyy'),
            })}
          </span>
        </Notification>
      ) : (
        <Notification
          variant="success"
          title={t(immediate ? 'policy.cancelled.header' : 'policy.cancelled.deferredHeader')}
        >
          {t(immediate ? 'policy.cancelled.immediate' : 'policy.cancelled.deferred', { time })}
        </Notification>
      )}
      {a && a.refundPence > 0 && (
        <p data-testid="refund">
          {t('policy.cancelled.refund', {
            amount: gbp(a.refundPence),
            min: a.refundWorkingDays.min,
            max: a.refundWorkingDays.max,
          })}
        </p>
      )}
      {a && a.refundPence === 0 && a.owedPence > 0 && (
        // What the account still owes once the cancellation is posted (ADR 383), as the e-mail says it.
        <p data-testid="owed">
          {t(billingTab ? 'policy.cancelled.owedBilling' : 'policy.cancelled.owedCall', {
            amount: gbp(a.owedPence),
          })}
        </p>
      )}
      {a && a.refundPence === 0 && a.owedPence === 0 && <p>{t('policy.cancelled.noRefund')}</p>}
      <p>{t('policy.cancelled.email')}</p>
      <div className={blocks.actions}>
        <Button to="/">{t('policy.cancelled.home')}</Button>
        <Button to={root} variant="secondary">
          {t('policy.cancelled.policy')}
        </Button>
      </div>
    </div>
  );
}
