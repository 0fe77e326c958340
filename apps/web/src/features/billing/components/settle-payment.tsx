import type { CustomerAccount } from '@forecourt/contracts/billing';
import { formatGBP } from '@forecourt/domain/money';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ConfirmPayment } from '../../../forms/payment-confirmation/confirm-payment.tsx';
import { useConfig } from '../../../lib/config.tsx';
import { Button, blocks, Notification } from '../../../ui/index.ts';
import { browser, openSettlePage } from '../api/billing.ts';
import { type SettleReturn, useKeepSessionCard, useSettleReturn } from '../api/settle-return.ts';

/**
 * Pay now (spec 2 §2, ADR 353): the card page for the outstanding balance is made first, and what it will
 * charge (the server's figure) is confirmed before the browser leaves for it.
 */
export function PayOutstanding({ account }: { account: CustomerAccount }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const page = useMutation({
    mutationFn: () => openSettlePage(account.accountId, t('policy.billing.outstandingItem'), pathname),
    meta: { errorModal: false },
  });
  const [leaving, setLeaving] = useState(false);
  const amount = page.data?.amount;
  return (
    <>
      <Button
        data-testid="pay-outstanding"
        onClick={() => {
          setOpen(true);
          page.mutate();
        }}
      >
        {t('policy.billing.payNow')}
      </Button>
      <ConfirmPayment
        open={open}
        title={t('payment.settle.title')}
        intro={t('payment.settle.body', { policyNumber: account.accountCode })}
        facts={
          page.data && amount !== undefined
            ? [
                { id: 'amount', label: t('payment.confirm.amountNow'), value: formatGBP(amount) },
                { id: 'card', label: t('payment.confirm.card'), value: t('payment.confirm.cardOnNextPage') },
              ]
            : undefined
        }
        confirmLabel={t('payment.settle.continue', { amount: formatGBP(amount ?? 0) })}
        busy={page.isPending || leaving}
        error={page.error ? t('payment.settle.failed', { message: page.error.message }) : undefined}
        onConfirm={() => {
          if (!page.data) return;
          setLeaving(true);
          browser.go(page.data.url);
        }}
        onClose={() => {
          setOpen(false);
          page.reset();
        }}
      />
    </>
  );
}

/**
 * What the billing tab says on the way back from the outstanding balance's card page (issue 28 defect 2, ADR
 * 353): the payment received and its amount, with the offer to keep the new card for future payments (the card
 * on file stays until the customer says yes); or why the card was declined (spec 2 §8: the decline code in
 * brackets); or that the outcome is still being confirmed.
 */
export function SettleOutcome({ account }: { account: CustomerAccount }) {
  const outcome = useSettleReturn();
  if (outcome.kind === 'none' || outcome.kind === 'checking') return null;
  return (
    <div data-testid="settle-result" aria-live="polite">
      <SettleMessage outcome={outcome} account={account} />
    </div>
  );
}

function SettleMessage({ outcome, account }: { outcome: SettleReturn; account: CustomerAccount }) {
  const { t } = useTranslation();
  const { contact } = useConfig();
  if (outcome.kind === 'waiting')
    return <Notification variant="info">{t('payment.settle.waiting')}</Notification>;
  if (outcome.kind === 'declined')
    return (
      <Notification variant="critical" title={t('payment.settle.declined.title')}>
        {t([`payment.settle.declined.${outcome.code}`, 'payment.settle.declined'], {
          code: outcome.code,
          phone: contact.phone,
        })}
      </Notification>
    );
  if (outcome.kind !== 'paid') return null;
  return (
    <Notification
      variant="success"
      title={t('payment.settle.received.title', { amount: formatGBP(outcome.amount ?? 0) })}
    >
      <p>{t('payment.settle.received.body')}</p>
      {outcome.card && <KeepCard sessionId={outcome.sessionId} card={outcome.card} account={account} />}
    </Notification>
  );
}

function KeepCard({
  sessionId,
  card,
  account,
}: {
  sessionId: string;
  card: string;
  account: CustomerAccount;
}) {
  const { t } = useTranslation();
  const keep = useKeepSessionCard(sessionId);
  const [declined, setDeclined] = useState(false);
  const current = account.paymentMethod?.display;
  if (keep.isSuccess) return <p data-testid="card-kept">{t('payment.settle.keep.done', { card })}</p>;
  // Already the card on file (the same card paid), or the customer said no: nothing to ask.
  if (declined || current === card) return null;
  return (
    <div data-testid="keep-card">
      <p>
        {current
          ? t('payment.settle.keep.question', { card, current })
          : t('payment.settle.keep.questionNoCurrent', { card })}
      </p>
      <div className={blocks.actions}>
        <Button loading={keep.isPending} onClick={() => keep.mutate()}>
          {t('payment.settle.keep.yes')}
        </Button>
        <Button variant="secondary" disabled={keep.isPending} onClick={() => setDeclined(true)}>
          {t('payment.settle.keep.no')}
        </Button>
      </div>
      {keep.error && <p role="alert">{t('payment.settle.keep.failed', { message: keep.error.message })}</p>}
    </div>
  );
}
