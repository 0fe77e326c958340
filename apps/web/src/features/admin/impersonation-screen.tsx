import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/errors.ts';
import { useSessionUser } from '../../lib/auth/auth-context.tsx';
import { useConfig } from '../../lib/config.tsx';
import { Button, Field, TextInput } from '../../ui/index.ts';
import { actFor } from './act-for.ts';
import { AdminFrame } from './admin-frame.tsx';
import styles from './admin-screens.module.css';

/**
 * Asks for the customer's id (party id or e-mail), checks that such a customer exists (GET /admin/customers,
 * naming that customer, so the attempt is audited like any impersonated call) and refuses an unknown one
 * inline; a known one is kept for the session and starts again from home with nothing of the previous
 * customer cached (a fresh load of the admin app).
 */
export function ImpersonationScreen() {
  const { t } = useTranslation();
  const { basename } = useConfig();
  const user = useSessionUser();
  const [id, setId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const given = id.trim();
    if (!given) {
      setError(t('admin.impersonate.required'));
      return;
    }
    setChecking(true);
    try {
      await actFor(given, basename.endsWith('/') ? basename : `${basename}/`);
    } catch (err) {
      setChecking(false);
      setError(
        isApiError(err) && err.status === 404
          ? t('admin.impersonate.unknown')
          : isApiError(err) && err.status === 403
            ? t('admin.impersonate.forbidden')
            : t('admin.impersonate.failed'),
      );
    }
  };
  return (
    <AdminFrame page="admin-impersonate">
      <h1>{t('admin.impersonate.header')}</h1>
      <p>{t('admin.impersonate.body')}</p>
      <form onSubmit={submit} noValidate>
        <Field label={t('admin.impersonate.label')} error={error} required>
          {(control) => (
            <TextInput
              {...control}
              name="impersonate"
              value={id}
              onChange={(v) => {
                setId(v);
                setError(undefined);
              }}
              autoComplete="off"
            />
          )}
        </Field>
        <div className={styles.actions}>
          <Button type="submit" data-testid="impersonate-submit" disabled={checking}>
            {t('admin.impersonate.submit')}
          </Button>
        </div>
      </form>
      <p className={styles.more}>
        <a href={`${basename.replace(/\/$/, '')}/renewals`} data-testid="admin-renewals-link">
          {t('admin.renewals.link')}
        </a>
      </p>
      <p className={styles.more}>
        <a href={`${basename.replace(/\/$/, '')}/claims`} data-testid="admin-claims-link">
          {t('admin.claims.link')}
        </a>
      </p>
      {user?.permissions.includes('finance') && (
        <p className={styles.more}>
          <a href={`${basename.replace(/\/$/, '')}/refunds`} data-testid="admin-refunds-link">
            {t('admin.refunds.link')}
          </a>
        </p>
      )}
      {user?.permissions.includes('partner:admin') && (
        <p className={styles.more}>
          <a href={`${basename.replace(/\/$/, '')}/partners`} data-testid="admin-partners-link">
            {t('admin.partners.link')}
          </a>{' '}
          ·{' '}
          <a href={`${basename.replace(/\/$/, '')}/partners/keys`} data-testid="admin-partner-keys-link">
            {t('admin.partnerKeys.link')}
          </a>
        </p>
      )}
    </AdminFrame>
  );
}
