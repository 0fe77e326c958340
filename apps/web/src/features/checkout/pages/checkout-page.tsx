import type { Proposal } from '@forecourt/contracts/proposals';
import { checkoutBlock } from '@forecourt/domain/proposal/checkout';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useSearchParams } from 'react-router';
import { useConfig } from '../../../lib/config.tsx';
import { Notification, Spinner } from '../../../ui/index.ts';
import { isDirectDebit } from '../api/customer-accounts.ts';
import { useCheckoutProposal } from '../api/use-checkout-proposal.ts';
import { BindDisabledNotice } from '../components/bind-disabled-notice.tsx';
import { useBindPayment, useProposalAccount } from '../hooks/use-checkout-data.ts';
import { useProposalPath } from '../hooks/use-proposal-path.ts';
import { AdminCheckoutPage } from './admin-checkout-page.tsx';
import { CardCheckout } from './card-checkout.tsx';
import { CheckoutSuccessPage } from './checkout-success-page.tsx';
import { DirectDebitCheckout } from './direct-debit-checkout.tsx';
import { PaymentCallbackPage } from './payment-callback-page.tsx';

/**
 * checkout/* (spec 3 §2 "Checkout", "Checkout success"): the success page once the proposal is a policy;
 * payment/callback; the index (admin checkout, Direct Debit or card page, or the bind-disabled notice);
 * other sub-paths redirect up.
 */
export function CheckoutPage() {
  const paths = useProposalPath();
  const { data: proposal, isPending, isError } = useCheckoutProposal(paths.proposalCode);
  if (isPending) return <Spinner />;
  if (isError || !proposal) return <Navigate to="/" replace />;
  if (proposal.status === 'POLICY') return <CheckoutSuccessPage proposal={proposal} />;
  return (
    <Routes>
      <Route index element={<CheckoutIndex proposal={proposal} />} />
      <Route path="payment/callback" element={<PaymentCallbackPage proposal={proposal} />} />
      <Route path="*" element={<Navigate to={paths.checkout} replace />} />
    </Routes>
  );
}

function CheckoutIndex({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const config = useConfig();
  const paths = useProposalPath();
  const [params] = useSearchParams();
  const block = checkoutBlock(proposal, config.productConfig.startDate?.days ?? 30, new Date());
  const payment = useBindPayment(proposal.proposalCode);
  const account = useProposalAccount(proposal.proposalCode);
  if (block) return <BindDisabledNotice block={block} backTo={paths.base} />;
  if (payment.isPending || (account.isPending && !config.features.isAdmin))
    return <Spinner label={t('checkout.loading')} />;
  if (!payment.data) return <Notification variant="critical">{t('checkout.error')}</Notification>;
  if (config.features.isAdmin) return <AdminCheckoutPage proposal={proposal} payment={payment.data} />;
  const chosen = params.get('method');
  // Direct Debit collects monthly payments: a price paid in full (annual, driveaway) is by card only (ADR 245).
  const directDebit =
    proposal.monthlyBilling && (chosen ? chosen === 'dd' : isDirectDebit(account.data ?? undefined));
  return directDebit ? (
    <DirectDebitCheckout proposal={proposal} payment={payment.data} />
  ) : (
    <CardCheckout proposal={proposal} payment={payment.data} />
  );
}
