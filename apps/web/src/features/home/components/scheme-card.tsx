import type { Scheme } from '@forecourt/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/index.ts';
import styles from './scheme-card.module.css';

/** A start-a-quote card linking to /{productUrlName}. */
export function SchemeCard({ scheme }: { scheme: Scheme }) {
  const { t } = useTranslation();
  return (
    <article className={styles.card} data-testid="scheme-card" data-scheme={scheme.schemeCode}>
      <svg className={styles.icon} viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle cx="24" cy="24" r="24" className={styles.iconBg} />
        <path
          d="M12 29v-5l3.5-7.5A3 3 0 0 1 18.2 15h11.6a3 3 0 0 1 2.7 1.5L36 24v5a2 2 0 0 1-2 2h-1a3 3 0 0 1-6 0h-6a3 3 0 0 1-6 0h-1a2 2 0 0 1-2-2zM15.5 23h17l-2.6-5.2a1 1 0 0 0-.9-.6H19a1 1 0 0 0-.9.6z"
          className={styles.iconCar}
        />
      </svg>
      <h3 className={styles.name}>{scheme.name}</h3>
      <p className={styles.description}>{t(`home.schemes.product.${scheme.product}`)}</p>
      <Button to={`/${scheme.productUrlName}`} layout="fixed" className={styles.action}>
        {t('home.schemes.start')}
      </Button>
    </article>
  );
}
