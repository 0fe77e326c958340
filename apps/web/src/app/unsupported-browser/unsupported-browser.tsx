import { useTranslation } from 'react-i18next';
import styles from './unsupported-browser.module.css';

/** Spec 1 §2.6: recommends two browsers. */
export function UnsupportedBrowser() {
  const { t } = useTranslation();
  return (
    <section className={styles.screen} role="alert" data-testid="unsupported-browser">
      <h1 className={styles.title}>{t('unsupported.header')}</h1>
      <p>{t('unsupported.content')}</p>
      <ul className={styles.list}>
        <li>{t('unsupported.browser1')}</li>
        <li>{t('unsupported.browser2')}</li>
      </ul>
    </section>
  );
}
