import type { CustomerPayment } from '@forecourt/contracts/payments';
import type { Proposal } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page/page.tsx';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Card, Notification } from '../../../ui/index.ts';
import { getProposal, proposalKey } from '../api/use-checkout-proposal.ts';
import styles from '../checkout.module.css';
import { AdminCheckoutTabs, type AdminTab, adminTabIds } from '../components/admin-checkout-tabs.tsx';
import { CardTokenForm } from '../components/card-token-form.tsx';
import { MandateSetup } from '../components/mandate-setup.tsx';
import { useBind } from '../hooks/use-bind.ts';
import { useProposalPath } from '../hooks/use-proposal-path.ts';

/**
 * Admin checkout (spec 3 §2, §4 step 8, §6): activate the policy by Direct Debit only, or Direct Debit with
 * today's payment taken by phone with a card token (the date of birth confirmed against the one on file).
 */
export function AdminCheckoutPage({ proposal, payment }: { proposal: Proposal; payment: CustomerPayment }) {
  const { t } = useTranslation();
  const config = useConfig();
  const client = useQueryClient();
  const paths = useProposalPath();
  const bind = useBind(proposal.proposalCode);
  const due = payment.amount > 0 && payment.status !== 'SETTLED';
  // The settled payment usually buys the policy (fulfilment); bind (idempotent) when it has not yet.
  const afterPaid = async () => {
    const fresh = await getProposal(proposal.proposalCode);
    client.setQueryData(proposalKey(proposal.proposalCode), fresh);
    if (fresh.status !== 'POLICY') bind.mutate();
  };
  const bindButton = (
    <div>
      <Button loading={bind.isPending} onClick={() => bind.mutate()}>
        {t('adminCheckout.bind')}
      </Button>
    </div>
  );
  const content: Record<AdminTab['id'], AdminTab['content']> = {
    ddOnly: (
      <MandateSetup>
        <p>{t('adminCheckout.ddOnly.body')}</p>
        {bindButton}
      </MandateSetup>
    ),
    ddWithCard: (
      <MandateSetup>
        <p>{t('adminCheckout.ddWithCard.body', { amount: formatGBP(payment.amount) })}</p>
        <CardTokenForm
          paymentId={payment.paymentId}
          amount={payment.amount}
          itemName={t('checkout.lineItem.name', { brand: config.name })}
          dateOfBirthOnFile={policyholderOf(proposal.data).dateOfBirth ?? ''}
          onPaid={() => void afterPaid()}
        />
      </MandateSetup>
    ),
  };
  return (
    <Page
      data-page="admin-checkout"
      back={{ to: paths.summary, label: t('checkout.back') }}
      header={t('adminCheckout.header')}
    >
      <div className={styles.stack}>
        {bind.isError && <Notification variant="critical">{t('checkout.error')}</Notification>}
        <AdminCheckoutTabs
          tabs={adminTabIds(due).map((id) => ({ id, content: <Card>{content[id]}</Card> }))}
        />
      </div>
    </Page>
  );
}
