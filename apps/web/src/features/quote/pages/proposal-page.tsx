import type { Proposal } from '@forecourt/contracts/proposals';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { Spinner } from '../../../ui/index.ts';
import { useProposal } from '../api/use-proposal.ts';

// Each page of a proposal is its own chunk (issue 15): the checkout, reached through this page, loads none of
// the quote journey's forms (react-hook-form, zod, the disclosure form), only what it shows.
const AddOnsPage = lazy(() => import('./add-ons-page.tsx').then((m) => ({ default: m.AddOnsPage })));
const BeforeWeBeginPage = lazy(() =>
  import('./before-we-begin-page.tsx').then((m) => ({ default: m.BeforeWeBeginPage })),
);
const ConfigurationPage = lazy(() =>
  import('./configuration-page.tsx').then((m) => ({ default: m.ConfigurationPage })),
);
const DisclosureRoutes = lazy(() =>
  import('./disclosure-routes.tsx').then((m) => ({ default: m.DisclosureRoutes })),
);
const ExpiredPage = lazy(() => import('./expired-page.tsx').then((m) => ({ default: m.ExpiredPage })));
const InsufficientAccuracyPage = lazy(() =>
  import('./insufficient-accuracy-page.tsx').then((m) => ({ default: m.InsufficientAccuracyPage })),
);
const ReferralPage = lazy(() => import('./referral-page.tsx').then((m) => ({ default: m.ReferralPage })));
const UpgradePage = lazy(() => import('./upgrade-page.tsx').then((m) => ({ default: m.UpgradePage })));

/**
 * The pages of other areas a proposal offers (account set-up, summary, checkout: spec 3 §2). The route table
 * fills them in, so the quote area imports no other area.
 */
export interface ProposalPageSlots {
  accountSetup: (proposalCode: string) => ReactNode;
  summary: ReactNode;
  checkout: ReactNode;
}

/** Which pages a proposal offers depends on its status (spec 3 §2 "Proposal pages by proposal status"). */
function StatusRoutes({ proposal, slots }: { proposal: Proposal; slots: ProposalPageSlots }) {
  const home = <Navigate to="/" replace />;
  switch (proposal.status) {
    case 'REFERRAL':
      return (
        <Routes>
          <Route index element={<ReferralPage proposal={proposal} />} />
          <Route path="disclosure/*" element={<DisclosureRoutes proposal={proposal} />} />
          <Route path="*" element={<Navigate to="." replace />} />
        </Routes>
      );
    case 'QUOTE_EXPIRED':
      return (
        <Routes>
          <Route index element={<ExpiredPage proposal={proposal} />} />
          <Route path="*" element={<Navigate to="." replace />} />
        </Routes>
      );
    case 'INSUFFICIENT_ACCURACY':
      return (
        <Routes>
          <Route index element={<InsufficientAccuracyPage proposal={proposal} />} />
          <Route path="disclosure/*" element={<DisclosureRoutes proposal={proposal} />} />
          <Route path="*" element={<Navigate to="." replace />} />
        </Routes>
      );
    case 'POLICY':
      return (
        <Routes>
          <Route path="checkout/*" element={slots.checkout} />
          <Route path="*" element={<Navigate to="checkout" replace />} />
        </Routes>
      );
    default:
      return (
        <Routes>
          <Route index element={<ConfigurationPage proposal={proposal} />} />
          <Route path="before-we-begin" element={<BeforeWeBeginPage proposal={proposal} />} />
          <Route path="disclosure/*" element={<DisclosureRoutes proposal={proposal} />} />
          <Route path="add-ons" element={<AddOnsPage proposal={proposal} />} />
          <Route path="upgrade" element={<UpgradePage proposal={proposal} />} />
          <Route path="account-setup" element={slots.accountSetup(proposal.proposalCode)} />
          <Route path="summary" element={slots.summary} />
          <Route path="checkout/*" element={slots.checkout} />
          <Route path="*" element={home} />
        </Routes>
      );
  }
}

/** proposal/{code}/*: loads the proposal; a missing one or a renewal proposal goes home (spec 3 §2, §8). */
export function ProposalPage({ slots }: { slots: ProposalPageSlots }) {
  const { proposalCode = '' } = useParams();
  const { data: proposal, isPending, isError } = useProposal(proposalCode);
  if (isPending) return <Spinner size="large" />;
  if (isError || !proposal || proposal.sourcePolicy) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<Spinner size="large" />}>
      <StatusRoutes proposal={proposal} slots={slots} />
    </Suspense>
  );
}
