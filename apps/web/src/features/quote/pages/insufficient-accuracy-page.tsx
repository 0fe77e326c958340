import type { Proposal } from '@forecourt/contracts/proposals';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page/page.tsx';
import { Button } from '../../../ui/index.ts';
import { useProposalRoot } from '../hooks/use-proposal-root.ts';
import styles from './status-pages.module.css';

/** Insufficient accuracy: the car could not be identified well enough to price (spec 3 §2). */
export function InsufficientAccuracyPage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const root = useProposalRoot();
  return (
    <Page
      header={t('quote.accuracy.header')}
      subheader={t('quote.accuracy.subheader')}
      width="narrow"
      data-page="insufficient-accuracy"
    >
      <div className={styles.stack}>
        <p>{t('quote.accuracy.body', { reference: proposal.externalReference })}</p>
        <Button layout="fixed" to={`${root}/disclosure/section/your-car`}>
          {t('quote.accuracy.fix')}
        </Button>
      </div>
    </Page>
  );
}
