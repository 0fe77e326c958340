import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useLandingTracking } from '../../lib/tracking.ts';
import { CookieBanner } from '../cookie-banner/cookie-banner.tsx';
import { ErrorModal } from '../errors/error-modal.tsx';
import { FeedbackHost } from '../feedback/feedback-host.tsx';
import { useShellSlots } from '../shell-slots.tsx';
import { Footer } from './footer.tsx';
import styles from './layout.module.css';
import { Navigation } from './navigation.tsx';

/**
 * The route element around every page: admin bar slot, navigation, the page (fading and sliding in, scrolled
 * to the top on navigation), the footer, the cookie banner, the global error modal and the feedback modal; saves the landing URL's tracking values.
 */
export function Layout() {
  const { t } = useTranslation();
  const { adminBar } = useShellSlots();
  const { pathname } = useLocation();
  useLandingTracking();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the top on every navigation.
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {t('app.skipToContent')}
      </a>
      {adminBar}
      <Navigation />
      <main id="main" className={styles.main} tabIndex={-1}>
        <div key={pathname} className={styles.enter} data-testid="page-transition">
          <Outlet />
        </div>
      </main>
      <Footer />
      <CookieBanner />
      <ErrorModal />
      <FeedbackHost />
    </div>
  );
}
