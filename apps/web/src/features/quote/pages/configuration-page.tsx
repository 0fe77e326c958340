import type { Proposal, ProposalChange } from '@forecourt/contracts/proposals';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { reportGlobalError } from '../../../app/errors/global-errors.ts';
import { Page } from '../../../app/page/page.tsx';
import { useIdCheck } from '../../../forms/id-check/use-id-check.tsx';
import { useAuth } from '../../../lib/auth/auth-context.tsx';
import { Button, Card, SidebarLayout } from '../../../ui/index.ts';
import { useUpdateProposal } from '../api/use-proposal.ts';
import { OptionalCovers } from '../components/optional-covers.tsx';
import { PricePanel } from '../components/price-panel.tsx';
import { PromotionCode } from '../components/promotion-code.tsx';
import { QuoteDetails } from '../components/quote-details.tsx';
import { QuoteDocuments } from '../components/quote-documents.tsx';
import { SaveQuote } from '../components/save-quote.tsx';
import { ServerErrors } from '../components/server-errors.tsx';
import { StartDateEditor } from '../components/start-date-editor.tsx';
import { VoluntaryExcess } from '../components/voluntary-excess.tsx';
import { useProduct } from '../hooks/use-product.ts';
import { useProposalRoot } from '../hooks/use-proposal-root.ts';
import styles from './quote-pages.module.css';

/**
 * Proposal configuration (spec 3 §2, §4 step 4): quote details, start date, optional covers, voluntary
 * excess in 4 columns, documents, and a sidebar with the price and continue. Every change re-rates.
 */
export function ConfigurationPage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const product = useProduct();
  const navigate = useNavigate();
  const update = useUpdateProposal(proposal.proposalCode);
  const idCheck = useIdCheck();
  const { user } = useAuth();
  const root = useProposalRoot();
  const quote = proposal.quote;
  if (!quote?.totals) return <Navigate to={`${root}/disclosure`} replace />;
  const rerate = (changes: ProposalChange[], coverStart?: string) =>
    update.mutateAsync({ changes, applyRating: true, coverStart }).catch(() => undefined);
  const anyOptional = quote.optionalCovers.some((c) => c.available);
  // Continue runs the identity check first (spec 3 §4 step 4); not clear opens the 'ID check failed' modal.
  const onContinue = async () => {
    const clear = await idCheck.runIdCheck(proposal.proposalCode).catch((err: unknown) => {
      reportGlobalError(err);
      return false;
    });
    if (clear) navigate(`${root}/${anyOptional ? 'add-ons' : user ? 'summary' : 'account-setup'}`);
  };
  const promotion = quote.promotion?.applied;
  const startDate = (proposal.data.quote as { startDate?: string } | undefined)?.startDate;
  const sidebar = (
    <PricePanel quote={quote} term={proposal.policyTerm}>
      <Button
        layout="fixed"
        onClick={() => void onContinue()}
        disabled={update.isPending}
        loading={idCheck.pending}
      >
        {t(promotion ? 'quote.configuration.continuePromotion' : 'quote.configuration.continue')}
      </Button>
    </PricePanel>
  );
  return (
    <Page
      header={t('quote.configuration.header')}
      subheader={t('quote.configuration.subheader')}
      data-page="proposal-configuration"
    >
      <SidebarLayout sidebar={sidebar} sidebarLabel={t('quote.price.label')}>
        <div className={styles.stack}>
          <PricePanel quote={quote} term={proposal.policyTerm} summary />
          <ServerErrors error={update.error} />
          <Card title={t('quote.configuration.details')}>
            <QuoteDetails proposal={proposal} root={root} />
          </Card>
          <Card title={t('quote.configuration.startDate')}>
            <StartDateEditor
              startDate={startDate}
              choices={product.startDate}
              busy={update.isPending}
              onChange={(date) => rerate([], date)}
            />
          </Card>
          {anyOptional && (
            <Card title={t('quote.configuration.covers')}>
              <OptionalCovers
                quote={quote}
                busy={update.isPending}
                onChange={(coverCode, selected) =>
                  void rerate([{ changeType: selected ? 'ADD_COVER' : 'REMOVE_COVER', coverCode }])
                }
              />
            </Card>
          )}
          {product.excess.isAdjustable && (
            <Card title={t('quote.configuration.excess')}>
              <VoluntaryExcess
                quote={quote}
                options={product.excess.voluntaryExcess}
                disabled={update.isPending}
                onChange={(excess) => void rerate([{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess }])}
              />
            </Card>
          )}
          <Card title={t('quote.configuration.promotion')}>
            <PromotionCode proposal={proposal} termsPath={`${root}/disclosure/section/promotional-offer`} />
          </Card>
          <Card title={t('quote.configuration.documents')}>
            <QuoteDocuments quote={quote} documents={product.quoteDocuments} />
          </Card>
          <Card title={t('quote.configuration.save')}>
            <SaveQuote proposal={proposal} />
          </Card>
        </div>
      </SidebarLayout>
      {idCheck.idCheckModal}
    </Page>
  );
}
