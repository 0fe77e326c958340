import type { Proposal } from '@forecourt/contracts/proposals';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { useFormContext, useProduct } from '../hooks/use-product.ts';
import { firstOpenSection } from '../sections.ts';
import { AdditionalDriversPage } from './additional-drivers-page.tsx';
import { ProfilePage } from './profile-page.tsx';
import { SectionPage } from './section-page.tsx';

/** disclosure/*: the index goes to the first applicable section (spec 3 §2 "Quote flow routes"). */
export function DisclosureRoutes({ proposal }: { proposal: Proposal }) {
  const product = useProduct();
  const ctx = useFormContext(proposal);
  const first = firstOpenSection(product.disclosures, proposal.data, ctx);
  return (
    <Routes>
      <Route index element={<Navigate to={`section/${first?.id ?? ''}`} replace />} />
      <Route path="section/:sectionId" element={<SectionSwitch proposal={proposal} />} />
      <Route path="section/:sectionId/profile/:profileCode" element={<ProfilePage proposal={proposal} />} />
      <Route path="section/:sectionId/profile" element={<ProfilePage proposal={proposal} />} />
      <Route path="*" element={<Navigate to="." replace />} />
    </Routes>
  );
}

function SectionSwitch({ proposal }: { proposal: Proposal }) {
  const product = useProduct();
  const { sectionId } = useParams();
  const section = product.disclosures.find((s) => s.id === sectionId);
  if (section?.disclosureType === 'ADDITIONAL_PROFILE')
    return <AdditionalDriversPage proposal={proposal} section={section} />;
  return <SectionPage proposal={proposal} />;
}
