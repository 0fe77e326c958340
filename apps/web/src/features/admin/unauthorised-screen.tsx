import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { Button } from '../../ui/index.ts';
import { AdminFrame } from './admin-frame.tsx';
import styles from './admin-screens.module.css';

/** Admin mode without a user holding access:impersonate (spec 1 §2.2). */
export function UnauthorisedScreen() {
  const { t } = useTranslation();
  const { client, user } = useAuth();
  return (
    <AdminFrame page="admin-unauthorised">
      <h1>{t('admin.unauthorised.header')}</h1>
      <p data-testid="admin-unauthorised">{t('admin.unauthorised.body')}</p>
      <div className={styles.actions}>
        {user ? (
          <Button variant="secondary" onClick={() => void client.signOut()}>
            {t('admin.unauthorised.signOut')}
          </Button>
        ) : (
          <Button onClick={() => void client.signIn('/')} data-testid="admin-sign-in">
            {t('admin.unauthorised.signIn')}
          </Button>
        )}
      </div>
    </AdminFrame>
  );
}
