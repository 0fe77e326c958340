import type { Proposal } from '@forecourt/contracts/proposals';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page/page.tsx';
import { Button, Card } from '../../../ui/index.ts';
import { useProduct } from '../hooks/use-product.ts';
import styles from './quote-pages.module.css';

/** Before we begin (spec 3 §2 "Other screens"): identity check disclaimer, honesty, data sharing. */
export function BeforeWeBeginPage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const { beforeWeBegin } = useProduct();
  return (
    <Page
      header={t('quote.beforeWeBegin.header')}
      subheader={t('quote.beforeWeBegin.subheader')}
      width="narrow"
      data-page="before-we-begin"
    >
      <div className={styles.stack}>
        {beforeWeBegin.items.map((item) => (
          <Card key={item} title={t(`quote.beforeWeBegin.${item}.title`)} level={2}>
            <p className={styles.body}>{t(`quote.beforeWeBegin.${item}.body`)}</p>
          </Card>
        ))}
        <p className={styles.muted}>{t('quote.reference', { reference: proposal.externalReference })}</p>
        <Button to="../disclosure" layout="fixed">
          {t('quote.beforeWeBegin.continue')}
        </Button>
      </div>
    </Page>
  );
}
