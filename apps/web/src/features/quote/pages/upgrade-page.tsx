import type { Proposal } from '@forecourt/contracts/proposals';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page/page.tsx';
import { Button, Card } from '../../../ui/index.ts';
import { useProposalRoot } from '../hooks/use-proposal-root.ts';
import styles from './status-pages.module.css';

/** Upgrade (upsell): offers the optional covers as an upgrade before continuing (spec 3 §4 step 3). */
export function UpgradePage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const root = useProposalRoot();
  const covers = proposal.quote?.optionalCovers.filter((c) => c.available && !c.active) ?? [];
  return (
    <Page
      header={t('quote.upgrade.header')}
      subheader={t('quote.upgrade.subheader')}
      width="narrow"
      data-page="upgrade"
    >
      <div className={styles.stack}>
        {covers.map((c) => (
          <Card key={c.code} title={t(`quote.covers.${c.code}.name`)}>
            <p>{t(`quote.covers.${c.code}.description`)}</p>
          </Card>
        ))}
        <Button layout="fixed" to={`${root}/add-ons`}>
          {t('quote.upgrade.continue')}
        </Button>
        <Button variant="ghost" to={root}>
          {t('quote.upgrade.skip')}
        </Button>
      </div>
    </Page>
  );
}
