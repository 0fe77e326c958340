import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-context.tsx';
import { initials, isPasswordlessConnection } from '../../../lib/auth/session-user.ts';
import { useConfig } from '../../../lib/config.tsx';
import { PopupMenu, type PopupMenuItem } from '../../../ui/index.ts';
import styles from './user-menu.module.css';

/**
 * The user menu (spec 1 §2.1): initials with a chevron; dashboard, account (when the brand configures
 * account settings), sign-out, and the sign-in connection when it is not e-mail or SMS.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const { user, client } = useAuth();
  if (!user) return null;
  const items: PopupMenuItem[] = [
    { id: 'dashboard', label: t('userMenu.dashboard'), onSelect: () => navigate('/') },
  ];
  if (config.account)
    items.push({ id: 'account', label: t('userMenu.account'), onSelect: () => navigate('/account') });
  items.push({ id: 'sign-out', label: t('userMenu.signOut'), onSelect: () => void client.signOut() });
  if (!isPasswordlessConnection(user.connection))
    items.push({
      id: 'connection',
      label: t('userMenu.connection', { connection: user.connection }),
      onSelect: () => undefined,
      disabled: true,
    });
  return (
    <PopupMenu
      // The name starts with the initials the trigger shows (WCAG 2.5.3 label in name, issue 28).
      triggerLabel={t('userMenu.label', { initials: initials(user) })}
      trigger={
        <span className={styles.trigger} data-testid="user-menu">
          <span className={styles.badge} data-testid="user-initials">
            {initials(user)}
          </span>
          <svg className={styles.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
      }
      items={items}
    />
  );
}
