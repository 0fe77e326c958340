import type { Policy } from '@forecourt/contracts/policies';
import { formatLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPayment, type PaymentFact } from '../../../forms/payment-confirmation/confirm-payment.tsx';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { standingOf } from '../../../lib/standing/standing.ts';
import { Button } from '../../../ui/index.ts';
import { PayFirstModal } from './outstanding-balance.tsx';

const when = (iso: string) => formatLondon(iso, "HH:mm 'on' d MMMM yyyy");
const day = (iso: string) => formatLondon(iso, 'd MMMM yyyy');

/**
 * "Opt back in" on a lapsed policy's banner (ADR 335, 353): first the server's offer (charged today, the
 * instalments, cover from now to a year on, the card or Direct Debit), then Confirm takes the renewal up,
 * once (one Idempotency-Key per dialog), and the dialog says what was paid and from when cover runs. Home
 * reloads when the dialog is closed. While the policy still owes money, an outstanding balance blocks the
 * take-up (spec 2 §8, ADR 397): the dialog says so and leads to the Billing tab to pay it, as the server refuses.
 */
export function LapsedTakeUp({ policy, label }: { policy: Policy; label: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const owing = standingOf(policy).arrears;
  const offer = useQuery({
    queryKey: queryKeys.takeUpOffer(policy.policyId),
    queryFn: ({ signal }) => call(endpoints.getTakeUpOffer, { params: { id: policy.policyId }, signal }),
    enabled: open && !owing,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { errorModal: false },
  });
  const takeUp = useMutation({
    mutationFn: () =>
      call(endpoints.setAutoRenewal, {
        params: { id: policy.policyId },
        body: { enabled: true },
        headers: { 'idempotency-key': key },
      }),
    meta: { errorModal: false },
  });
  const o = offer.data;
  const byCard = o?.paymentMethod.type === 'CARD';
  const facts: PaymentFact[] | undefined = o && [
    {
      id: 'due-today',
      label: t(byCard ? 'payment.takeUp.dueToday' : 'payment.takeUp.firstByDirectDebit'),
      value: formatGBP(o.dueToday),
    },
    ...(o.monthly && o.monthly.count > 1
      ? [
          {
            id: 'then',
            label: t('payment.takeUp.then'),
            value: t('payment.takeUp.thenMonthly', {
              count: o.monthly.count - 1,
              amount: formatGBP(o.monthly.regular),
            }),
          },
        ]
      : []),
    { id: 'total', label: t('payment.takeUp.total'), value: formatGBP(o.total) },
    {
      id: 'cover',
      label: t('payment.takeUp.cover'),
      value: t('payment.takeUp.coverValue', { start: when(o.startsAt), end: day(o.endsAt) }),
    },
    { id: 'card', label: t('payment.takeUp.paidBy'), value: o.paymentMethod.display },
  ];
  const next = takeUp.data;
  const close = () => {
    setOpen(false);
    if (next) {
      void Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.policy(policy.policyId) }),
        client.invalidateQueries({ queryKey: queryKeys.myPolicies() }),
        client.invalidateQueries({ queryKey: queryKeys.myProposals() }),
      ]);
    } else {
      takeUp.reset();
      setKey(crypto.randomUUID());
    }
  };
  const error = offer.error ?? takeUp.error;
  if (owing)
    return (
      <>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {label}
        </Button>
        <PayFirstModal policy={policy} open={open} onClose={() => setOpen(false)}>
          <p data-testid="take-up-blocked">
            {t('home.renewal.lapsed.owing', {
              amount: formatGBP(owing.amount),
              policyNumber: policy.policyNumber,
            })}
          </p>
        </PayFirstModal>
      </>
    );
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmPayment
        open={open}
        title={t('payment.takeUp.title', { policyNumber: policy.policyNumber })}
        intro={offer.isPending ? t('payment.takeUp.loading') : undefined}
        facts={facts}
        confirmLabel={
          o && byCard && o.dueToday > 0
            ? t('payment.takeUp.confirmCard', { amount: formatGBP(o.dueToday) })
            : t('payment.takeUp.confirm')
        }
        busy={takeUp.isPending}
        error={error ? t('payment.takeUp.unavailable', { message: error.message }) : undefined}
        done={
          next && o
            ? {
                title: t('payment.takeUp.done.title'),
                body: t(
                  byCard && o.dueToday > 0 ? 'payment.takeUp.done.paid' : 'payment.takeUp.done.notPaid',
                  {
                    amount: formatGBP(o.dueToday),
                    card: o.paymentMethod.display,
                    policyNumber: next.policyNumber,
                    time: when(next.policyDetail.inceptedAt),
                  },
                ),
              }
            : undefined
        }
        onConfirm={() => takeUp.mutate()}
        onClose={close}
      />
    </>
  );
}
