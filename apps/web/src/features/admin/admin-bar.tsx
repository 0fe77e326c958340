import { useTranslation } from 'react-i18next';
import { setImpersonation, useImpersonation } from '../../lib/auth/impersonation.ts';
import { usePolicyholder } from '../../lib/auth/use-policyholder.ts';
import { useConfig } from '../../lib/config.tsx';
import styles from './admin-bar.module.css';

/** The red bar of admin mode naming the impersonated customer (spec 1 §1). */
export function AdminBar() {
  const { t } = useTranslation();
  const id = useImpersonation();
  const { basename } = useConfig();
  const { data, isError } = usePolicyholder({ enabled: Boolean(id) });
  if (!id) return null;
  const name =
    [data?.firstName, data?.lastName].filter(Boolean).join(' ') ||
    data?.email ||
    (isError ? t('admin.bar.unknown') : '…');
  return (
    <div className={styles.bar} role="status" data-testid="admin-bar">
      <div className={styles.inner}>
        <span className={styles.who}>
          {t('admin.bar.impersonating')} <strong data-testid="admin-bar-name">{name}</strong>{' '}
          <span className={styles.id}>({data?.partyId ?? id})</span>
        </span>
        <span className={styles.actions}>
          <a className={styles.change} href={`${basename.replace(/\/$/, '')}/renewals`}>
            {t('admin.renewals.link')}
          </a>
          <button type="button" className={styles.change} onClick={() => setImpersonation(undefined)}>
            {t('admin.bar.change')}
          </button>
        </span>
      </div>
    </div>
  );
}
