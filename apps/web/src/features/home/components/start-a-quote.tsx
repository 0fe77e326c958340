import type { Scheme } from '@forecourt/contracts';
import { useTranslation } from 'react-i18next';
import { SchemeCard } from './scheme-card.tsx';
import styles from './start-a-quote.module.css';

/** Spec 2 §2 "Start-a-quote cards", on the anonymous and the signed-in home: one card per startable scheme. */
export function StartAQuote({ schemes }: { schemes: Scheme[] }) {
  const { t } = useTranslation();
  if (schemes.length === 0) return null;
  return (
    <section aria-labelledby="home-schemes" className={styles.section}>
      <h2 id="home-schemes" className={styles.title}>
        {t('home.schemes.header')}
      </h2>
      <ul className={styles.cards}>
        {schemes.map((scheme) => (
          <li key={scheme.schemeCode}>
            <SchemeCard scheme={scheme} />
          </li>
        ))}
      </ul>
    </section>
  );
}
