import { type CheckName, failedChecks } from '@forecourt/contracts/checks';
import { quoteDocumentPath } from '@forecourt/contracts/documents';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '../../../app/page/page.tsx';
import { Notification, Spinner } from '../../../ui/index.ts';
import { verifyCustomer } from '../api/checks.ts';
import { createCustomerAccount } from '../api/customer-accounts.ts';
import { useCheckoutProposal } from '../api/use-checkout-proposal.ts';
import styles from '../checkout.module.css';
import { AgreementsChecklist, type DocumentLink } from '../components/agreements-checklist.tsx';
import { PriceBreakdown } from '../components/price-breakdown.tsx';
import { QuoteDetails } from '../components/quote-details.tsx';
import { VerificationFailedModal } from '../components/verification-failed-modal.tsx';
import { useProposalPath } from '../hooks/use-proposal-path.ts';

const documentText: Record<string, string> = {
  ipid: 'summary.documents.ipid',
  'policy-wording': 'summary.documents.policy-wording',
  'business-terms': 'summary.documents.business-terms',
};

/**
 * Summary (spec 3 §2, §4 step 6): proposal information, quote details with an edit link, the price with IPT
 * and the agreements. Confirm verifies the customer: clear → create the customer account (402 retried) and
 * go to checkout; not clear → the verification-failed modal.
 */
export function SummaryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useProposalPath();
  const { proposalCode } = paths;
  const { data: proposal, isPending, isError } = useCheckoutProposal(proposalCode);
  const [failed, setFailed] = useState<CheckName[] | null>(null);
  const confirm = useMutation({
    mutationFn: async () => {
      const result = await verifyCustomer(proposalCode);
      if (!result.isClear) return { failed: failedChecks(result) };
      await createCustomerAccount(proposalCode);
      return { failed: null };
    },
    onSuccess: (r) => (r.failed ? setFailed(r.failed) : navigate(paths.checkout)),
  });

  if (isPending) return <Spinner label={t('checkout.loading')} />;
  if (isError || !proposal?.quote) return <Navigate to="/" replace />;
  const quote = proposal.quote;
  const documents: DocumentLink[] = ['ipid', 'policy-wording', 'business-terms'].map((doc) => ({
    key: documentText[doc] ?? doc,
    href: quoteDocumentPath(quote, doc),
  }));

  return (
    <Page
      data-page="summary"
      back={{ to: paths.base, label: t('summary.back') }}
      header={t('summary.header')}
      subheader={t('summary.subheader')}
    >
      <div className={styles.summary}>
        <div className={`${styles.stack} ${styles.details}`}>
          <QuoteDetails proposal={proposal} editTo={paths.base} />
        </div>
        <div className={styles.priceArea}>
          <PriceBreakdown quote={quote} />
        </div>
        <div className={`${styles.stack} ${styles.agreements}`}>
          {confirm.isError && <Notification variant="critical">{t('checkout.error')}</Notification>}
          <AgreementsChecklist
            documents={documents}
            onConfirm={() => confirm.mutate()}
            loading={confirm.isPending}
          />
        </div>
      </div>
      <VerificationFailedModal open={failed !== null} failed={failed ?? []} onClose={() => setFailed(null)} />
    </Page>
  );
}
