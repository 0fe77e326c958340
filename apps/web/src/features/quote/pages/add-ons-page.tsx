import type { Proposal, ProposalChange } from '@forecourt/contracts/proposals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../app/page/page.tsx';
import { useAuth } from '../../../lib/auth/auth-context.tsx';
import { Button, SidebarLayout } from '../../../ui/index.ts';
import { useUpdateProposal } from '../api/use-proposal.ts';
import { OptionalCovers } from '../components/optional-covers.tsx';
import { PricePanel } from '../components/price-panel.tsx';
import { useProposalRoot } from '../hooks/use-proposal-root.ts';
import styles from './quote-pages.module.css';

/**
 * Add-ons (spec 3 §2): each available cover is chosen or declined; continue is disabled while any is
 * undecided, then sends the cover changes (if any) and goes on to account set-up.
 */
export function AddOnsPage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateProposal(proposal.proposalCode);
  const { user } = useAuth();
  const root = useProposalRoot();
  const quote = proposal.quote;
  const available = quote?.optionalCovers.filter((c) => c.available) ?? [];
  const [choices, setChoices] = useState<Record<string, boolean | null>>(() =>
    Object.fromEntries(available.map((c) => [c.code, c.active])),
  );
  if (!quote?.totals) return null;
  const undecided = available.some((c) => choices[c.code] === null || choices[c.code] === undefined);
  const shown = {
    ...quote,
    optionalCovers: quote.optionalCovers.map((c) => ({ ...c, active: choices[c.code] ?? c.active })),
  };
  const onContinue = async () => {
    const changes: ProposalChange[] = available
      .filter((c) => choices[c.code] !== c.active)
      .map((c) => ({
        changeType: 'REQUEST_COVER_OPTION',
        coverCode: c.code,
        selected: choices[c.code] ?? null,
      }));
    if (changes.length > 0 && !(await update.mutateAsync({ changes, applyRating: true }).catch(() => null)))
      return;
    navigate(`${root}/${user ? 'summary' : 'account-setup'}`);
  };
  return (
    <Page
      back={{ to: root, label: t('quote.addOns.back') }}
      header={t('quote.addOns.header')}
      subheader={t('quote.addOns.subheader')}
      data-page="add-ons"
    >
      <SidebarLayout sidebar={<PricePanel quote={quote} term={proposal.policyTerm} />}>
        <div className={styles.stack}>
          <OptionalCovers
            quote={shown}
            mode="decide"
            onChange={(code, selected) => setChoices({ ...choices, [code]: selected })}
          />
          <Button
            layout="fixed"
            disabled={undecided}
            loading={update.isPending}
            onClick={() => void onContinue()}
          >
            {t('quote.addOns.continue')}
          </Button>
        </div>
      </SidebarLayout>
    </Page>
  );
}
