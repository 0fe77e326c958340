import type { Proposal } from '@forecourt/contracts/proposals';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Page } from '../../../app/page/page.tsx';
import { DisclosureForm } from '../../../forms/disclosure/components/disclosure-form.tsx';
import { initialValues, type ProposalDataLike } from '../../../forms/disclosure/engine/values.ts';
import { ServerErrors } from '../components/server-errors.tsx';
import { ValidationFailureModal } from '../components/validation-failure-modal.tsx';
import { useProduct } from '../hooks/use-product.ts';
import { useSectionSubmit } from '../hooks/use-section-submit.ts';
import { nextProfileCode } from '../sections.ts';
import { useSectionNav } from './use-section-nav.ts';

/** An additional driver: profile/{profileCode} to update, profile (new) to add (spec 3 §2). */
export function ProfilePage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const { sectionId, profileCode } = useParams();
  const navigate = useNavigate();
  const product = useProduct();
  const section = product.disclosures.find(
    (s) => s.id === sectionId && s.disclosureType === 'ADDITIONAL_PROFILE',
  );
  const nav = useSectionNav(proposal, section);
  const { submit, failures, clearFailures, error } = useSectionSubmit(
    proposal,
    section ?? product.disclosures[0]!,
    {
      ...nav.ctx,
      data: { ...nav.ctx.data },
    },
  );
  const code = profileCode ?? nextProfileCode(proposal.data, product.maxAdditionalProfiles);
  const exists = (proposal.data as ProposalDataLike).profiles?.some((p) => p.profileCode === profileCode);
  if (!section || !code || (profileCode && !exists)) return <Navigate to={nav.root} replace />;
  const list = nav.sectionPath(section.id);
  return (
    <Page
      back={{ to: list, label: t('quote.additionalDrivers.back') }}
      header={t(profileCode ? 'quote.additionalDrivers.editHeader' : 'quote.additionalDrivers.addHeader')}
      width="narrow"
      data-page="additional-driver"
    >
      <ServerErrors error={error} />
      <DisclosureForm
        section={section}
        defaultValues={initialValues(section, proposal.data, code)}
        ctx={nav.ctx}
        optionSets={product.optionSets}
        startDate={product.startDate}
        submitLabel={t('quote.additionalDrivers.save')}
        onSubmit={async (values) => {
          const before = profileCode
            ? []
            : [{ changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE' as const, profileCode: code }];
          const saved = await submit(values, { profileCode: code, before, applyRating: false });
          if (saved) navigate(list);
        }}
      />
      <ValidationFailureModal messages={failures} onClose={clearFailures} />
    </Page>
  );
}
