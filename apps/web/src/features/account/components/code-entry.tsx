import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/errors.ts';
import styles from '../account.module.css';
import '../page-texts.ts';
import { Button, Field, TextInput } from '../../../ui/index.ts';

/** The message to show for a failed code or resend: the server's field error, else its message. */
export function codeErrorOf(e: unknown): string {
  if (!isApiError(e)) return String(e);
  return e.fieldErrors?.code?.[0] ?? e.message;
}

/**
 * "We sent a code to {destination}": a 6-digit code box, Confirm, and Send a new code (ADR 120). The
 * parent does the calls; `error` is shown beneath the box.
 */
export function CodeEntry({
  destination,
  error,
  busy,
  onSubmit,
  onResend,
}: {
  destination: string;
  error: string | undefined;
  busy: boolean;
  onSubmit: (code: string) => void;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) return setInvalid(true);
    setInvalid(false);
    onSubmit(digits);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="code-entry">
      <p className={styles.note}>{t('code.sent', { destination })}</p>
      <Field label={t('code.label')} error={invalid ? t('code.invalid') : error} required>
        {(control) => (
          <TextInput
            {...control}
            name="code"
            value={code}
            onChange={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
          />
        )}
      </Field>
      <div className={styles.actions}>
        <Button type="submit" layout="fixed" loading={busy} data-testid="code-confirm">
          {t('code.confirm')}
        </Button>
        <Button type="button" variant="tertiary" disabled={busy} onClick={onResend} data-testid="code-resend">
          {t('code.resend')}
        </Button>
      </div>
    </form>
  );
}
