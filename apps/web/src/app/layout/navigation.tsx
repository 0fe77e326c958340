import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useConfig } from '../../lib/config.tsx';
import { useShellSlots } from '../shell-slots.tsx';
import styles from './navigation.module.css';

const ChatPanel = lazy(() => import('../chat/chat-panel.tsx').then((m) => ({ default: m.ChatPanel })));

/** Brand logo, the main menu (help opens chat) and the account navigation (spec 1 §2.1). */
export function Navigation() {
  const { t } = useTranslation();
  const config = useConfig();
  const { userMenu, signedIn } = useShellSlots();
  const { pathname } = useLocation();
  const [chatOpen, setChatOpen] = useState(false);
  const admin = config.features.isAdmin;
  // Account navigation is hidden on the retrieve page.
  const showAccount = !pathname.startsWith('/retrieve');
  return (
    <header className={styles.bar}>
      <nav className={styles.inner} aria-label={t('nav.mainMenu')}>
        <Link to="/" className={styles.logo} aria-label={t('nav.home', { brand: config.name })}>
          <img
            src={config.theme.logo.src}
            alt={config.theme.logo.alt}
            width={config.theme.logo.width}
            height={Math.round(config.theme.logo.width / 4)}
          />
        </Link>
        <ul className={styles.menu}>
          <li>
            <button
              type="button"
              className={styles.item}
              data-testid="nav-help"
              onClick={() => {
                if (!admin) setChatOpen(true);
              }}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 3 13.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
              </svg>
              <span>{t('nav.help')}</span>
            </button>
          </li>
          {showAccount && signedIn && userMenu && <li>{userMenu}</li>}
          {showAccount && !signedIn && !admin && (
            <li>
              <Link to="/sign-in" className={`${styles.item} ${styles.signIn}`} data-testid="nav-sign-in">
                {t('nav.signIn')}
              </Link>
            </li>
          )}
        </ul>
      </nav>
      {chatOpen && (
        <Suspense fallback={null}>
          <ChatPanel open={chatOpen} onClose={() => setChatOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
