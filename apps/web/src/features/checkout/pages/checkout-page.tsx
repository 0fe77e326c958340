import type { Proposal } from '@forecourt/contracts/proposals';
import { purchaseMethodType } from '@forecourt/domain/billing/collection';
import { productKindOf } from '@forecourt/domain/policy/term';
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
  const admin = config.features.isAdmin;
  const account = useProposalAccount(proposal.proposalCode);
  const chosen = params.get('method');
  // Staff activate by Direct Debit; customers choose. A price paid in full (annual, driveaway) is by card
  // only (ADR 245): the domain narrows the choice to what the product allows (ADR 317).
  const wanted = admin || (chosen ? chosen === 'dd' : isDirectDebit(account.data ?? undefined));
  const methodType =
    purchaseMethodType(productKindOf(proposal.product), wanted ? 'BACS_DEBIT' : 'CARD') ?? 'CARD';
  const payment = useBindPayment(proposal.proposalCode, methodType, admin || !account.isPending);
  if (block) return <BindDisabledNotice block={block} backTo={paths.base} />;
  if (payment.isPending || (account.isPending && !admin)) return <Spinner label={t('checkout.loading')} />;
  if (!payment.data) return <Notification variant="critical">{t('checkout.error')}</Notification>;
  if (admin) return <AdminCheckoutPage proposal={proposal} payment={payment.data} />;
  const directDebit = methodType === 'BACS_DEBIT';
  return directDebit ? (
    <DirectDebitCheckout proposal={proposal} payment={payment.data} />
  ) : (
    <CardCheckout proposal={proposal} payment={payment.data} />
  );
}
