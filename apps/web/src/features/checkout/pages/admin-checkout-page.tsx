import type { CustomerPayment } from '@forecourt/contracts/payments';
import type { Proposal } from '@forecourt/contracts/proposals';
import { adminCheckoutWays } from '@forecourt/domain/billing/collection';
import { formatGBP } from '@forecourt/domain/money';
import { productKindOf } from '@forecourt/domain/policy/term';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page/page.tsx';
import { isApiError } from '../../../lib/api/errors.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Card, Notification } from '../../../ui/index.ts';
import { getProposal, proposalKey } from '../api/use-checkout-proposal.ts';
import styles from '../checkout.module.css';
import { AdminCheckoutTabs, type AdminTab } from '../components/admin-checkout-tabs.tsx';
import { CardTokenForm } from '../components/card-token-form.tsx';
import { MandateSetup } from '../components/mandate-setup.tsx';
import { useBind } from '../hooks/use-bind.ts';
import { useProposalPath } from '../hooks/use-proposal-path.ts';

/**
 * Admin checkout (spec 3 §2, §4 steps 8–9, §6; ADR 315): a subscription is activated by Direct Debit with
 * today's payment taken by phone with a card token (the date of birth confirmed against the one on file), or
 * by Direct Debit only when nothing is due today; a product paid in full by the card payment alone. A bind
 * refused because a first payment is due says so, inline (never the generic error modal).
 */
export function AdminCheckoutPage({ proposal, payment }: { proposal: Proposal; payment: CustomerPayment }) {
  const { t } = useTranslation();
  const config = useConfig();
  const client = useQueryClient();
  const paths = useProposalPath();
  const bind = useBind(proposal.proposalCode, {
    inlineErrors: true,
    onPaymentRequired: () =>
      client.invalidateQueries({ queryKey: queryKeys.bindPayment(proposal.proposalCode) }),
  });
  const dueToday = payment.status === 'SETTLED' ? 0 : payment.amount;
  const amount = formatGBP(payment.amount);
  // The settled payment usually buys the policy (fulfilment); bind (idempotent) when it has not yet.
  const afterPaid = async () => {
    const fresh = await getProposal(proposal.proposalCode);
    client.setQueryData(proposalKey(proposal.proposalCode), fresh);
    if (fresh.status !== 'POLICY') bind.mutate();
  };
  const cardForm = (
    <CardTokenForm
      paymentId={payment.paymentId}
      amount={payment.amount}
      itemName={t('checkout.lineItem.name', { brand: config.name })}
      dateOfBirthOnFile={policyholderOf(proposal.data).dateOfBirth ?? ''}
      onPaid={() => void afterPaid()}
    />
  );
  const content: Record<AdminTab['id'], AdminTab['content']> = {
    ddOnly: (
      <MandateSetup>
        <p>{t('adminCheckout.ddOnly.body')}</p>
        <div>
          <Button loading={bind.isPending} onClick={() => bind.mutate()}>
            {t('adminCheckout.bind')}
          </Button>
        </div>
      </MandateSetup>
    ),
    ddWithCard: (
      <MandateSetup>
        <p>{t('adminCheckout.ddWithCard.body', { amount })}</p>
        {cardForm}
      </MandateSetup>
    ),
    cardOnly: (
      <div className={styles.stack}>
        <p>{t('adminCheckout.cardOnly.body', { amount })}</p>
        {cardForm}
      </div>
    ),
  };
  // 402: a first payment is due (the page's figure may be stale: the payment is asked for again).
  const paymentRequired = isApiError(bind.error) && bind.error.status === 402;
  return (
    <Page
      data-page="admin-checkout"
      back={{ to: paths.summary, label: t('checkout.back') }}
      header={t('adminCheckout.header')}
    >
      <div className={styles.stack}>
        {bind.isError && (
          <Notification variant="critical">
            {paymentRequired
              ? t(dueToday > 0 ? 'adminCheckout.firstPaymentDue' : 'adminCheckout.paymentRequired', {
                  amount,
                })
              : t('checkout.error')}
          </Notification>
        )}
        <AdminCheckoutTabs
          tabs={adminCheckoutWays(productKindOf(proposal.product), dueToday).map((id) => ({
            id,
            content: <Card>{content[id]}</Card>,
          }))}
        />
      </div>
    </Page>
  );
}
