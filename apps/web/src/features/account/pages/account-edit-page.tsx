import type { AccountSetting, UpdatePolicyholder } from '@forecourt/contracts/identity';
import { emailSchema } from '@forecourt/contracts/identity';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { Page } from '../../../app/page/page.tsx';
import { isApiError } from '../../../lib/api/errors.ts';
import { showNotAuthorised, useAdminGuard } from '../../../lib/auth/admin-guard.ts';
import { usePolicyholder, useUpdatePolicyholder } from '../../../lib/auth/use-policyholder.ts';
import { useConfig } from '../../../lib/config.tsx';
import styles from '../account.module.css';
import { CodeEntry, codeErrorOf } from '../components/code-entry.tsx';
import '../page-texts.ts';
import { Button, Checkbox, Field, PhoneInput, Spinner, TextInput, useSnackbar } from '../../../ui/index.ts';

const SETTINGS: AccountSetting[] = ['email', 'phoneNumber', 'marketingPreferences'];

type Values = {
  email: string;
  phoneNumber: string;
  marketing: { email: boolean; phone: boolean; sms: boolean };
};

/** /account/{name}: edits one setting; sends only what changed. Unknown names go home. */
export function AccountEditPage() {
  const { name } = useParams();
  const config = useConfig();
  const setting = SETTINGS.find((s) => s === name && config.account?.settings.includes(s));
  const { data } = usePolicyholder();
  if (!setting) return <Navigate to="/" replace />;
  if (!data) return <Spinner />;
  if (data.readOnlySettings.includes(setting)) return <Navigate to="/account" replace />;
  return (
    <EditForm
      setting={setting}
      initial={{
        email: data.email ?? '',
        phoneNumber: data.phoneNumber ?? '',
        marketing: data.marketingPreferences,
      }}
    />
  );
}

function EditForm({ setting, initial }: { setting: AccountSetting; initial: Values }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { formats } = useConfig();
  const guard = useAdminGuard();
  const update = useUpdatePolicyholder();
  const schema = z.object({
    email: setting === 'email' ? emailSchema : z.string(),
    phoneNumber:
      setting === 'phoneNumber'
        ? z.string().refine((v) => {
            const national = v.startsWith(formats.phoneNumber.prefix)
              ? v.slice(formats.phoneNumber.prefix.length)
              : '';
            return new RegExp(formats.phoneNumber.regex).test(national);
          })
        : z.string(),
    marketing: z.object({ email: z.boolean(), phone: z.boolean(), sms: z.boolean() }),
  });
  const form = useForm<Values>({ defaultValues: initial, resolver: zodResolver(schema) });
  const errors = form.formState.errors;
  // A new e-mail or mobile waits for the code sent to it (ADR 120).
  const [pending, setPending] = useState<{ changes: UpdatePolicyholder; destination: string }>();
  const [codeError, setCodeError] = useState<string>();

  const confirmCode = async (code: string) => {
    if (!pending) return;
    setCodeError(undefined);
    try {
      const result = await update.mutateAsync({ ...pending.changes, code });
      if ('status' in result) return;
    } catch (e) {
      return setCodeError(codeErrorOf(e));
    }
    snackbar.show(t('account.edit.saved'));
    navigate('/account');
  };
  const resendCode = async () => {
    if (!pending) return;
    try {
      await update.mutateAsync(pending.changes);
      setCodeError(t('code.resent'));
    } catch (e) {
      setCodeError(codeErrorOf(e));
    }
  };

  const save = async (values: Values) => {
    const changes: UpdatePolicyholder = {};
    if (setting === 'email' && values.email.trim().toLowerCase() !== initial.email.toLowerCase())
      changes.email = values.email.trim();
    if (setting === 'phoneNumber' && values.phoneNumber !== initial.phoneNumber)
      changes.phoneNumber = values.phoneNumber;
    if (
      setting === 'marketingPreferences' &&
      JSON.stringify(values.marketing) !== JSON.stringify(initial.marketing)
    )
      changes.marketingPreferences = values.marketing;
    if (Object.keys(changes).length > 0) {
      try {
        const result = await update.mutateAsync(changes);
        if ('status' in result) return setPending({ changes, destination: result.destination });
      } catch (e) {
        if (isApiError(e) && e.status === 403) return showNotAuthorised();
        const fields = isApiError(e) ? e.fieldErrors : undefined;
        const message = fields?.email?.[0] ?? fields?.phoneNumber?.[0];
        const field = fields?.phoneNumber ? 'phoneNumber' : 'email';
        form.setError(field, { message: message ?? (isApiError(e) ? e.message : String(e)) });
        return;
      }
      snackbar.show(t('account.edit.saved'));
    }
    navigate('/account');
  };
  // Changing the sign-in e-mail is the customer's own act: admins are stopped by the guard.
  const onSubmit = form.handleSubmit(async (values) => {
    if (setting === 'email') guard(() => void save(values))();
    else await save(values);
  });

  return (
    <Page
      data-page={`account-${setting}`}
      width="narrow"
      back={{ to: '/account', label: t('account.edit.back') }}
      header={t(`account.edit.${setting}.header`)}
      subheader={t(`account.edit.${setting}.hint`)}
    >
      {pending ? (
        <div className={styles.form}>
          <p className={styles.note}>{t(`account.edit.verify.${setting}`)}</p>
          <CodeEntry
            destination={pending.destination}
            error={codeError}
            busy={update.isPending}
            onSubmit={(code) => void confirmCode(code)}
            onResend={() => void resendCode()}
          />
        </div>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          {setting === 'email' && (
            <Field
              label={t('account.setting.email')}
              error={
                errors.email &&
                (errors.email.message?.startsWith('Another')
                  ? errors.email.message
                  : t('account.edit.invalidEmail'))
              }
              required
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name="email"
                  render={({ field }) => (
                    <TextInput {...control} {...field} type="email" autoComplete="email" />
                  )}
                />
              )}
            </Field>
          )}
          {setting === 'phoneNumber' && (
            <Field
              label={t('account.setting.phoneNumber')}
              error={
                errors.phoneNumber &&
                (errors.phoneNumber.message?.startsWith('Another')
                  ? errors.phoneNumber.message
                  : t('account.edit.invalidPhone'))
              }
              required
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name="phoneNumber"
                  render={({ field }) => <PhoneInput {...control} {...field} />}
                />
              )}
            </Field>
          )}
          {setting === 'marketingPreferences' && (
            <Field label={t('account.setting.marketingPreferences')} group>
              {() =>
                (['email', 'phone', 'sms'] as const).map((c) => (
                  <Controller
                    key={c}
                    control={form.control}
                    name={`marketing.${c}`}
                    render={({ field }) => <Checkbox {...field} label={t(`account.marketing.${c}`)} />}
                  />
                ))
              }
            </Field>
          )}
          <div className={styles.actions}>
            <Button type="submit" loading={update.isPending} data-testid="save-setting">
              {t('account.edit.save')}
            </Button>
            <Button variant="tertiary" to="/account">
              {t('account.edit.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Page>
  );
}
