import type { Proposal } from '@forecourt/contracts/proposals';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { Spinner } from '../../../ui/index.ts';
import { useProposal } from '../api/use-proposal.ts';
import { AddOnsPage } from './add-ons-page.tsx';
import { BeforeWeBeginPage } from './before-we-begin-page.tsx';
import { ConfigurationPage } from './configuration-page.tsx';
import { DisclosureRoutes } from './disclosure-routes.tsx';
import { ExpiredPage } from './expired-page.tsx';
import { InsufficientAccuracyPage } from './insufficient-accuracy-page.tsx';
import { ReferralPage } from './referral-page.tsx';
import { UpgradePage } from './upgrade-page.tsx';

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
  return <StatusRoutes proposal={proposal} slots={slots} />;
}
