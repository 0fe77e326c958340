import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config.tsx';
import styles from './footer.module.css';

/** The site footer: review-provider link, the brand's links and 'powered by' (spec 1 §2.3). */
export function Footer() {
  const { t } = useTranslation();
  const { footer, name } = useConfig();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <a
          className={styles.review}
          href={footer.reviewProvider.url}
          target="_blank"
          rel="noopener noreferrer"
        >
          <span aria-hidden="true" className={styles.stars}>
            ★★★★★
          </span>
          {t('footer.review', { provider: footer.reviewProvider.name })}
        </a>
        {footer.links.length > 0 && (
          <ul className={styles.links}>
            {footer.links.map((link) => (
              <li key={link.url}>
                <a href={link.url}>{t(link.textKey)}</a>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.legal}>{t('footer.legal', { brand: name, platform: footer.poweredBy })}</p>
        <p className={styles.poweredBy} data-testid="powered-by">
          {t('footer.poweredBy', { name: footer.poweredBy })}
        </p>
      </div>
    </footer>
  );
}
