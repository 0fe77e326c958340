import type { Proposal } from '@forecourt/contracts/proposals';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Page } from '../../../app/page/page.tsx';
import { DisclosureForm } from '../../../forms/disclosure/components/disclosure-form.tsx';
import { initialValues } from '../../../forms/disclosure/engine/values.ts';
import { Button, Notification } from '../../../ui/index.ts';
import { ProgressSteps } from '../components/progress-steps.tsx';
import { ServerErrors } from '../components/server-errors.tsx';
import { ValidationFailureModal } from '../components/validation-failure-modal.tsx';
import { useProduct } from '../hooks/use-product.ts';
import { useSectionSubmit } from '../hooks/use-section-submit.ts';
import { useSectionNav } from './use-section-nav.ts';

/** disclosure/section/{sectionId}: one form per section (spec 3 §2 "Disclosure section pages"). */
export function SectionPage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const { sectionId } = useParams();
  const product = useProduct();
  const section = product.disclosures.find((s) => s.id === sectionId);
  const nav = useSectionNav(proposal, section);
  const promotion = product.promotions.find((p) => p.code === proposal.promoCode);
  const { submit, failures, clearFailures, error } = useSectionSubmit(
    proposal,
    section ?? product.disclosures[0]!,
    nav.ctx,
  );
  if (!section || !nav.sections.some((s) => s.id === section.id)) return <Navigate to={nav.root} replace />;
  return (
    <Page
      back={{ to: nav.backTo, label: t('quote.section.back') }}
      header={t([`quote.section.${section.id}.header`, `quote.progress.${section.progressStep}`])}
      width="narrow"
      data-page={`section-${section.id}`}
    >
      <ProgressSteps sections={nav.sections} currentId={section.id} />
      {section.disclosureType === 'PROMOTION' && promotion && (
        <Notification variant="info" title={t('quote.promotion.title', { count: promotion.freeMonths })}>
          <p>{t('quote.promotion.terms', { code: promotion.code, count: promotion.freeMonths })}</p>
        </Notification>
      )}
      <ServerErrors error={error} />
      <DisclosureForm
        key={section.id}
        section={section}
        defaultValues={initialValues(section, proposal.data, 'policyholder')}
        ctx={nav.ctx}
        optionSets={product.optionSets}
        startDate={product.startDate}
        submitLabel={t(nav.isLast ? 'quote.section.getPrice' : 'quote.section.continue')}
        onSubmit={async (values) => {
          const saved = await submit(values, { profileCode: 'policyholder', applyRating: nav.isLast });
          if (saved) nav.goNext();
        }}
        actions={
          section.skippable && (
            <Button variant="ghost" onClick={nav.goNext}>
              {t('quote.section.skip')}
            </Button>
          )
        }
      />
      <ValidationFailureModal messages={failures} onClose={clearFailures} />
    </Page>
  );
}
