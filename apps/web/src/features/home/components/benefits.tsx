import { useTranslation } from 'react-i18next';
import styles from './benefits.module.css';

const items = [
  {
    key: 'noFees',
    path: 'M12 3v18M17 7.5c0-1.9-2.2-3-5-3s-5 1.1-5 3 2.2 2.6 5 3.2 5 1.4 5 3.3-2.2 3-5 3-5-1.1-5-3',
  },
  { key: 'comprehensive', path: 'M12 3l7 3v5.5c0 4.4-3 8.1-7 9.5-4-1.4-7-5.1-7-9.5V6zM8.5 12l2.5 2.5 4.5-5' },
  { key: 'online', path: 'M4 5h16v11H4zM9 20h6M12 16v4M8 10.5l2.5 2.5L16 8' },
] as const;

/** Three reasons to buy, in the brand's words. */
export function Benefits() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-benefits" className={styles.benefits}>
      <h2 id="home-benefits" className={styles.hidden}>
        {t('home.benefits.header')}
      </h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.key} className={styles.item}>
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className={styles.icon}>
              <path d={item.path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
            <div>
              <h3 className={styles.title}>{t(`home.benefits.${item.key}.title`)}</h3>
              <p className={styles.text}>{t(`home.benefits.${item.key}.body`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
