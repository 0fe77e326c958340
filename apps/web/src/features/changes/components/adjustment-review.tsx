import type { Adjustment, AdjustmentChange } from '@forecourt/contracts/adjustments';
import type { Policy } from '@forecourt/contracts/policies';
import type { Quote } from '@forecourt/contracts/proposals';
import { formatLondon } from '@forecourt/domain/dates';
import { priceBreakdown } from '@forecourt/domain/rating/price';
import type { TraceEntry } from '@forecourt/domain/rating/types';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api/errors.ts';
import { useConfig } from '../../../lib/config.tsx';
import { requestFeedback } from '../../../lib/feedback.ts';
import { changeQuoteOf, gbp } from '../../../lib/policy-readers.ts';
import { Button, blocks, Checkbox, Notification, Spinner } from '../../../ui/index.ts';
import {
  useAdjustment,
  useConfirmAdjustment,
  useMakeAdjustment,
  usePayForAdjustment,
} from '../api/adjustments.ts';
import {
  ChangeDifference,
  ChangeOldNew,
  ChangePaymentWords,
  ChangeWhen,
  changeTime,
  isBackdated,
  WhyPriceChanged,
} from './change-summary.tsx';
import { EffectiveDateModal } from './effective-date-modal.tsx';

/** The price a version charges per payment (monthly, or the year). */
const pricePer = (quote: Partial<Quote>) => {
  const b = quote.priceBreakdown && quote.totals !== undefined ? priceBreakdown(quote as Quote) : null;
  return b?.monthly ? { amount: b.monthly.regular, per: 'month' } : { amount: b?.total ?? 0, per: 'year' };
};

export type ReviewOutcome = 'allowed' | 'referred' | 'invalid';
/** Spec 3 §4 step 3: allowed when every version is QUOTE, referred when any is REFERRAL, else invalid. */
export function reviewOutcome(a: Adjustment): ReviewOutcome {
  const statuses = a.updatedPolicyVersions.map((v) => v.ratingStatus);
  if (statuses.length > 0 && statuses.every((s) => s === 'QUOTE')) return 'allowed';
  if (statuses.some((s) => s === 'REFERRAL')) return 'referred';
  return 'invalid';
}

const absolute = (basename: string, path: string) =>
  `${window.location.origin}${basename.replace(/\/$/, '')}${path}`;

/**
 * The review of a mid-term change (spec 3 §4): the new price, the difference for the rest of the period and
 * when it applies; Confirm makes it. A confirmed one goes back to the policy; an expired one is gone. A dearer
 * change of a policy paid in full is paid first (step 4, ADR 300): Confirm goes to the hosted card page, which
 * returns to the change's payment page; a declined card comes back here with the decline shown.
 */
export function AdjustmentReview({
  adjustmentId,
  root,
  policy,
}: {
  adjustmentId: string;
  root: string;
  /** The policy as it is: the factors of its price, beside the new ones. */
  policy?: Policy;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { features, basename } = useConfig();
  const [params] = useSearchParams();
  const adjustment = useAdjustment(adjustmentId);
  const [key] = useState(() => crypto.randomUUID());
  const [agreed, setAgreed] = useState(false);
  const a = adjustment.data;
  const confirm = useConfirmAdjustment(a?.policyId ?? '', key);
  const pay = usePayForAdjustment();
  // The same change again at another date (ADR 356): a new adjustment to review.
  const redate = useMakeAdjustment(a?.policyId ?? '');
  const [dating, setDating] = useState(false);
  if (adjustment.isPending) return <Spinner size="large" />;
  if (!a) return <Navigate to={root} replace />;
  // Opened again once confirmed: back to the policy (not while this page is confirming it).
  if (a.confirmed && confirm.isIdle) return <Navigate to={root} replace />;
  // A referred change already answered by cancelling the policy: nothing left to review here.
  if (a.confirmed === false && confirm.isSuccess) return <Spinner size="large" />;
  const outcome = reviewOutcome(a);
  const gone =
    [confirm.error, pay.error].some((e) => isApiError(e) && e.status === 410) ||
    new Date(a.expiresAt) <= new Date();
  // Staff confirm without the card page: the difference is left to take by phone (ADR 300).
  const payFirst = (a.paymentDue ?? 0) > 0 && !features.isAdmin;
  const declined = params.get('declined');
  const here = `${root}/management/adjustment/${a.adjustmentId}`;
  const [version] = a.updatedPolicyVersions;
  const price = pricePer((version?.quote ?? {}) as Partial<Quote>);
  const diff = a.prorataPremium;
  return (
    <div className={blocks.stack} data-testid="adjustment-review" data-outcome={outcome}>
      <h2 className={blocks.sectionTitle}>
        {t(a.summary ? 'policy.change.header' : 'policy.adjust.review.header')}
      </h2>
      {outcome === 'allowed' && a.summary && (
        <>
          <ChangeOldNew summary={a.summary} />
          <ChangeDifference summary={a.summary} />
          {!gone && <ChangePaymentWords payment={a.summary.payment} />}
          <ChangeWhen adjustment={a} />
          {!gone && policy && (
            <p>
              <Button
                variant="tertiary"
                layout="small"
                loading={redate.isPending}
                onClick={() => setDating(true)}
              >
                {t('policy.change.when.choose')}
              </Button>
            </p>
          )}
          {redate.isError && <Notification variant="critical">{redate.error.message}</Notification>}
          {policy && (
            <EffectiveDateModal
              policy={policy}
              open={dating}
              onClose={() => setDating(false)}
              onChoose={(effectiveAt) => {
                setDating(false);
                redate.mutate(
                  { changes: a.changes as AdjustmentChange[], effectiveAt },
                  { onSuccess: (next) => navigate(`${root}/management/adjustment/${next.adjustmentId}`) },
                );
              }}
            />
          )}
          <WhyPriceChanged
            before={baseTrace(a, policy)}
            after={traceOf(version?.quote)}
            summary={a.summary}
          />
        </>
      )}
      {outcome === 'allowed' && !a.summary && (
        <>
          <p data-testid="new-price">
            {t(`policy.adjust.review.price.${price.per}`, { amount: gbp(price.amount) })}
          </p>
          <p data-testid="difference">
            {diff > 0
              ? t('policy.adjust.review.more', { amount: gbp(diff) })
              : diff < 0
                ? t('policy.adjust.review.less', { amount: gbp(-diff) })
                : t('policy.adjust.review.same')}
          </p>
          <p>
            {t('policy.adjust.review.from', { time: formatLondon(a.effectiveAt, "HH:mm 'on' d MMMM yyyy") })}
          </p>
          <WhyPriceChanged before={baseTrace(a, policy)} after={traceOf(version?.quote)} />
        </>
      )}
      {outcome === 'referred' && (
        <>
          <Notification variant="critical" title={t('policy.adjust.referred.header')}>
            {t('policy.adjust.referred.body')}
          </Notification>
          {!gone && (
            <Checkbox
              name="acceptCancellation"
              label={t('policy.adjust.referred.agree')}
              value={agreed}
              onChange={setAgreed}
            />
          )}
        </>
      )}
      {outcome === 'invalid' && (
        <Notification variant="warning" title={t('policy.adjust.invalid.header')}>
          {t('policy.adjust.invalid.body')}
        </Notification>
      )}
      {gone && (
        <div data-testid="error-gone">
          <Notification variant="warning" title={t('policy.adjust.gone.header')}>
            {t('policy.adjust.gone.body')}
          </Notification>
        </div>
      )}
      {outcome === 'allowed' && payFirst && !gone && !a.summary && (
        <p data-testid="payment-due">{t('policy.adjust.pay.note', { amount: gbp(a.paymentDue ?? 0) })}</p>
      )}
      {declined !== null && !gone && (
        <Notification variant="critical" title={t('policy.adjust.failed')}>
          <span data-testid="payment-declined">
            {t([`policy.adjust.pay.declined.${declined}`, 'policy.adjust.pay.declined'])}
          </span>
        </Notification>
      )}
      {(confirm.isError || pay.isError) && !gone && (
        <Notification variant="critical" title={t('policy.adjust.failed')}>
          {(confirm.error ?? pay.error)?.message}
        </Notification>
      )}
      <div className={blocks.actions}>
        {outcome === 'allowed' && !gone && payFirst && (
          <Button
            loading={pay.isPending || pay.isSuccess}
            onClick={() =>
              pay.mutate({
                adjustmentId: a.adjustmentId,
                successUrl: `${absolute(basename, `${here}/payment`)}?session_id={CHECKOUT_SESSION_ID}`,
                cancelUrl: absolute(basename, here),
                name: t('policy.adjust.pay.lineItem', { policyNumber: policy?.policyNumber ?? '' }),
              })
            }
          >
            {t('policy.adjust.pay.confirm', { amount: gbp(a.paymentDue ?? 0) })}
          </Button>
        )}
        {outcome === 'allowed' && !gone && !payFirst && (
          <Button
            loading={confirm.isPending}
            onClick={() =>
              confirm.mutate(
                { adjustmentId: a.adjustmentId },
                { onSuccess: () => navigate(`${root}/management/adjustment/${a.adjustmentId}/result`) },
              )
            }
          >
            {t('policy.adjust.confirm')}
          </Button>
        )}
        {outcome === 'referred' && !gone && (
          // Destructive: the cover ends and the policy is cancelled at once (ADR 256).
          <Button
            variant="destructive"
            disabled={!agreed}
            loading={confirm.isPending}
            onClick={() =>
              confirm.mutate(
                { adjustmentId: a.adjustmentId, acceptCancellation: true },
                { onSuccess: (c) => navigate(`${root}/cancel/confirm?adjustment=${c.adjustmentId}`) },
              )
            }
          >
            {t('policy.adjust.referred.confirm')}
          </Button>
        )}
        <Button to={root} variant="tertiary">
          {t('policy.adjust.back')}
        </Button>
      </div>
    </div>
  );
}

const traceOf = (quote: unknown): TraceEntry[] => ((quote ?? {}) as { trace?: TraceEntry[] }).trace ?? [];

/**
 * The trace the change is priced against: the version it is made on, as the server says (ADR 398; a change
 * waiting for a later date is not the version in force today). A change made before that says, the latest one the
 * policy page has (ADR 401).
 */
const baseTrace = (a: Adjustment, policy: Policy | undefined): TraceEntry[] =>
  (a.summary?.before?.trace as TraceEntry[] | undefined) ?? (policy ? traceOf(changeQuoteOf(policy)) : []);

/**
 * The result (spec 3 §4 step 6): success now or from a later start; an unconfirmed one is an error. A confirmed
 * change asks a customer (never staff, spec 3 §4 step 8) for feedback; the shell's host opens it 2 s later.
 */
export function AdjustmentResult({ adjustmentId, root }: { adjustmentId: string; root: string }) {
  const { t } = useTranslation();
  const { features } = useConfig();
  const adjustment = useAdjustment(adjustmentId);
  const confirmed = adjustment.data?.confirmed === true;
  useEffect(() => {
    if (features.isAdmin || !confirmed) return;
    requestFeedback('adjustment', { adjustmentId });
  }, [features.isAdmin, confirmed, adjustmentId]);
  if (adjustment.isPending) return <Spinner size="large" />;
  const a = adjustment.data;
  if (!a?.confirmed)
    return (
      <Notification variant="critical" title={t('policy.adjust.failed')}>
        {t(a && !a.verificationClear ? 'policy.adjust.result.unverified' : 'policy.adjust.result.error')}
      </Notification>
    );
  const immediate = new Date(a.effectiveAt) <= new Date();
  return (
    <div className={blocks.stack} data-testid="adjustment-result">
      <Notification variant="success" title={t('policy.adjust.result.header')}>
        {!immediate
          ? t('policy.change.result.future', { time: changeTime(a.effectiveAt) })
          : isBackdated(a)
            ? t('policy.change.when.past', { time: changeTime(a.effectiveAt) })
            : t('policy.adjust.result.immediately')}
      </Notification>
      {a.summary && (
        <>
          <ChangeOldNew summary={a.summary} />
          <ChangePaymentWords payment={a.summary.payment} done />
        </>
      )}
      <p>{t('policy.adjust.result.documents')}</p>
      <div className={blocks.actions}>
        <Button to={`${root}/documents`}>{t('policy.adjust.result.toDocuments')}</Button>
        <Button to={root} variant="secondary">
          {t('policy.adjust.back')}
        </Button>
      </div>
    </div>
  );
}
