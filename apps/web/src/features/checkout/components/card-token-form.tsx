import type { CustomerPayment } from '@forecourt/contracts/payments';
import { PAYMENT_TOKEN_VALIDITY_MS } from '@forecourt/domain/constants';
import { formatGBP } from '@forecourt/domain/money';
import { PAYMENT_TOKEN_PATTERN } from '@forecourt/domain/patterns';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useConfig } from '../../../lib/config.tsx';
import { Button, DateOfBirthInput, Field, Notification, TextInput } from '../../../ui/index.ts';
import { settleByToken } from '../api/payments.ts';
import styles from '../checkout.module.css';
import { settleErrorMessage } from './settle-error.ts';

export type CardTokenFormProps = {
  paymentId: string;
  /** Pence. */
  amount: number;
  itemName: string;
  /** The policyholder's date of birth on file (yyyy-MM-dd). */
  dateOfBirthOnFile: string;
  onPaid: (payment: CustomerPayment) => void;
};

type Values = { token: string; postalCode: string; dateOfBirth: string | null };

/**
 * Admin settle by phone (spec 3 §5, spec 2 §5): a tok_ token (trimmed, so a paste with spaces works), the
 * billing postcode (upper-cased as typed, the brand's postcode pattern) and the date of birth, which must equal
 * the one on file. Submit is disabled until valid; a token is good for 10 minutes from when it was entered.
 */
export function CardTokenForm({
  paymentId,
  amount,
  itemName,
  dateOfBirthOnFile,
  onPaid,
}: CardTokenFormProps) {
  const { t } = useTranslation();
  const { formats } = useConfig();
  const schema = useMemo(
    () =>
      z.object({
        token: z
          .string()
          .min(1, 'cardToken.error.tokenRequired')
          .regex(PAYMENT_TOKEN_PATTERN, 'cardToken.error.tokenPattern'),
        postalCode: z
          .string()
          .min(1, 'cardToken.error.postalCodeRequired')
          .regex(new RegExp(formats.postalCode.regex), 'cardToken.error.postalCodePattern'),
        dateOfBirth: z
          .string('cardToken.error.dateOfBirthRequired')
          .refine((v) => v === dateOfBirthOnFile, 'cardToken.error.dateOfBirthMismatch'),
      }),
    [formats.postalCode.regex, dateOfBirthOnFile],
  );
  const form = useForm<Values>({
    mode: 'onChange',
    defaultValues: { token: '', postalCode: '', dateOfBirth: null },
    resolver: zodResolver(schema as unknown as z.ZodType<Values, Values>),
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const token = form.watch('token');
  const [timedOut, setTimedOut] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  // A new token starts its own 10 minutes.
  useEffect(() => {
    setTimedOut(false);
    if (!PAYMENT_TOKEN_PATTERN.test(token)) return;
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_TOKEN_VALIDITY_MS);
    return () => clearTimeout(timer);
  }, [token]);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const payment = await settleByToken({
        paymentId,
        itemName,
        token: values.token,
        postalCode: values.postalCode,
        dateOfBirth: values.dateOfBirth ?? '',
      });
      onPaid(payment);
    } catch (err) {
      const { message, timedOut: expired } = settleErrorMessage(err, t);
      if (expired) setTimedOut(true);
      else setServerError(message);
    }
  });
  const fieldError = (key?: string) => (key ? t(key) : undefined);

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('cardToken.header')}>
      <Field
        label={t('cardToken.token')}
        hint={t('cardToken.tokenHint')}
        error={fieldError(errors.token?.message)}
        required
      >
        {(control) => (
          <Controller
            control={form.control}
            name="token"
            render={({ field }) => (
              <TextInput {...control} {...field} autoComplete="off" transform={(v) => v.trim()} />
            )}
          />
        )}
      </Field>
      <Field label={t('cardToken.postalCode')} error={fieldError(errors.postalCode?.message)} required>
        {(control) => (
          <Controller
            control={form.control}
            name="postalCode"
            render={({ field }) => (
              <TextInput
                {...control}
                {...field}
                autoComplete="postal-code"
                transform={(v) => v.toUpperCase()}
              />
            )}
          />
        )}
      </Field>
      <Field
        label={t('cardToken.dateOfBirth')}
        hint={t('cardToken.dateOfBirthHint')}
        error={fieldError(errors.dateOfBirth?.message)}
        group
        required
      >
        {(control) => (
          <Controller
            control={form.control}
            name="dateOfBirth"
            render={({ field }) => <DateOfBirthInput {...control} {...field} />}
          />
        )}
      </Field>
      {timedOut && <Notification variant="warning">{t('cardToken.timedOut')}</Notification>}
      {serverError && (
        <Notification variant="critical">
          <span data-testid="settle-error">{serverError}</span>
        </Notification>
      )}
      <div>
        <Button type="submit" disabled={!isValid || timedOut} loading={isSubmitting}>
          {t('cardToken.submit', { amount: formatGBP(amount) })}
        </Button>
      </div>
    </form>
  );
}
