import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setImpersonation } from '../../lib/auth/impersonation.ts';
import { useConfig } from '../../lib/config.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Field } from '../../ui/field/field.tsx';
import { TextInput } from '../../ui/inputs/text-input.tsx';
import { AdminFrame } from './admin-frame.tsx';
import styles from './admin-screens.module.css';

/**
 * Asks for the customer's id and keeps it for the session; a new id starts again from home with
 * nothing of the previous customer cached (a fresh load of the admin app).
 */
export function ImpersonationScreen() {
  const { t } = useTranslation();
  const { basename } = useConfig();
  const [id, setId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!id.trim()) {
      setError(t('admin.impersonate.required'));
      return;
    }
    setImpersonation(id);
    window.location.assign(basename.endsWith('/') ? basename : `${basename}/`);
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
          <Button type="submit" data-testid="impersonate-submit">
            {t('admin.impersonate.submit')}
          </Button>
        </div>
      </form>
    </AdminFrame>
  );
}
