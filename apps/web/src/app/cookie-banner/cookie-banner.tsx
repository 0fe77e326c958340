import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config.tsx';
import { Button } from '../../ui/index.ts';
import { useShellSlots } from '../shell-slots.tsx';
import styles from './cookie-banner.module.css';
import { readCookieConsent, writeCookieConsent } from './cookie-consent.ts';

/** Fixed at the bottom for visitors who have not decided; never for admins or signed-in customers. */
export function CookieBanner() {
  const { t } = useTranslation();
  const config = useConfig();
  const { signedIn } = useShellSlots();
  const [consent, setConsent] = useState(() => readCookieConsent());
  if (consent !== null || signedIn || config.features.isAdmin) return null;
  const decide = (value: boolean) => {
    writeCookieConsent(value);
    setConsent(value);
  };
  return (
    <section className={styles.banner} aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <div className={styles.inner}>
        <div className={styles.text}>
          <h2 id="cookie-banner-title" className={styles.title}>
            {t('cookies.header', { brand: config.name })}
          </h2>
          <p className={styles.body}>{t('cookies.body')}</p>
        </div>
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => decide(true)}>
            {t('cookies.accept')}
          </Button>
          <Button variant="secondary" onClick={() => decide(false)}>
            {t('cookies.reject')}
          </Button>
        </div>
      </div>
    </section>
  );
}
