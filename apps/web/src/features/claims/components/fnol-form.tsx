import { type FnolRequest, type FnolResponse, fnolRequestSchema } from '@forecourt/contracts/claims';
import { londonDate } from '@forecourt/domain/dates';
import { CLAIM_SUB_TYPES, CLAIM_TYPES } from '@forecourt/domain/enums';
import { useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/errors.ts';
import {
  Button,
  DateTimePicker,
  Field,
  Notification,
  Select,
  TextArea,
  TextInput,
  YesNo,
} from '../../../ui/index.ts';
import { useNotifyLoss } from '../api/claims.ts';
import styles from '../claims.module.css';

export type FnolValues = {
  claimType: string | null;
  claimSubType: string | null;
  occurredAt: string | null;
  location: string;
  description: string;
  otherPartyName: string;
  otherPartyRegistration: string;
  otherPartyInsurer: string;
  witnessName: string;
  witnessContact: string;
  injuries: boolean | null;
  injuryDetails: string;
  policeReference: string;
};

const EMPTY: FnolValues = {
  claimType: null,
  claimSubType: null,
  occurredAt: null,
  location: '',
  description: '',
  otherPartyName: '',
  otherPartyRegistration: '',
  otherPartyInsurer: '',
  witnessName: '',
  witnessContact: '',
  injuries: null,
  injuryDetails: '',
  policeReference: '',
};

const opt = (s: string) => (s.trim() ? s : undefined);

/** The form's answers as the contract's request (POST /api/claims). */
export function toRequest(policyId: string, v: FnolValues): Record<string, unknown> {
  const otherParty = {
    name: opt(v.otherPartyName),
    vehicleRegistration: opt(v.otherPartyRegistration),
    insurer: opt(v.otherPartyInsurer),
  };
  return {
    policyId,
    claimType: v.claimType ?? undefined,
    claimSubType: v.claimSubType ?? undefined,
    occurredAt: v.occurredAt ?? undefined,
    location: v.location,
    description: v.description,
    ...(Object.values(otherParty).some(Boolean) ? { otherParty } : {}),
    witnesses: opt(v.witnessName) ? [{ name: v.witnessName, contact: opt(v.witnessContact) }] : [],
    injuries: v.injuries ?? undefined,
    injuryDetails: v.injuries ? opt(v.injuryDetails) : undefined,
    policeReference: opt(v.policeReference),
  };
}

/** Where a contract error path lands on the form. */
const FIELD_OF: Record<string, keyof FnolValues> = {
  otherParty: 'otherPartyName',
  witnesses: 'witnessName',
};

/** Validates with the contract's schema (the same rules the API applies), errors as text keys. */
function contractResolver(policyId: string, now: () => Date): Resolver<FnolValues> {
  return async (values) => {
    const parsed = fnolRequestSchema.safeParse(toRequest(policyId, values));
    const errors: Record<string, { type: string; message: string }> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const head = String(issue.path[0] ?? 'claimType');
        const field = FIELD_OF[head] ?? head;
        if (errors[field]) continue;
        const missing = issue.code === 'invalid_type' || issue.message === 'Please answer this question';
        errors[field] = {
          type: issue.code,
          message: missing ? 'claims.fnol.error.required' : 'claims.fnol.error.invalid',
        };
      }
    }
    if (values.occurredAt && new Date(values.occurredAt) > now()) {
      errors.occurredAt = { type: 'future', message: 'claims.fnol.error.occurredAt' };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

export type FnolFormProps = {
  policyId: string;
  policyNumber: string;
  onDone?: (claim: FnolResponse) => void;
  onCancel?: () => void;
  now?: () => Date;
};

/**
 * The built-in first notification of loss (issue 11 §5, ADR 160): what happened, when and where, the other
 * party, a witness, injuries and a police reference; validated with the contract; the reference is shown as
 * soon as the claim is made. One Idempotency-Key per form, so a double submit or a retry makes one claim.
 */
export function FnolForm({
  policyId,
  policyNumber,
  onDone,
  onCancel,
  now = () => new Date(),
}: FnolFormProps) {
  const { t } = useTranslation();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const notify = useNotifyLoss(policyNumber, idempotencyKey);
  const resolver = useMemo(() => contractResolver(policyId, now), [policyId, now]);
  const form = useForm<FnolValues>({ mode: 'onTouched', defaultValues: EMPTY, resolver });
  const { errors, isSubmitting } = form.formState;
  const [done, setDone] = useState<FnolResponse | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const claimType = form.watch('claimType');
  const injuries = form.watch('injuries');
  const subTypes = claimType ? (CLAIM_SUB_TYPES as Record<string, readonly string[]>)[claimType] : undefined;
  // Something that has happened: today (in London) or earlier, never next year (issue 28 §14).
  const today = londonDate(now());
  const thisYear = Number(today.slice(0, 4));

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const claim = await notify.mutateAsync(toRequest(policyId, values) as FnolRequest);
      setDone(claim);
      onDone?.(claim);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : undefined;
      const first = fields && Object.entries(fields)[0];
      if (first && first[0] in EMPTY) {
        form.setError(first[0] as keyof FnolValues, { type: 'server', message: first[1][0] ?? '' });
      } else setServerError(t('claims.fnol.failed'));
    }
  });

  if (done) {
    return (
      <Notification variant="success" title={t('claims.fnol.header')}>
        {t('claims.fnol.success', { reference: done.claimReference })}
      </Notification>
    );
  }

  const error = (name: keyof FnolValues) => {
    const message = errors[name]?.message;
    return message ? t(message) : undefined;
  };
  const text = (
    name: keyof FnolValues,
    label: string,
    o: { optional?: boolean; hint?: string; max?: number; long?: boolean } = {},
  ) => (
    <Field
      label={t(label)}
      hint={o.hint && t(o.hint)}
      error={error(name)}
      optional={o.optional}
      required={!o.optional}
    >
      {(control) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) =>
            o.long ? (
              <TextArea
                {...control}
                name={field.name}
                value={String(field.value ?? '')}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                maxLength={o.max}
              />
            ) : (
              <TextInput {...control} {...field} value={String(field.value ?? '')} maxLength={o.max} />
            )
          }
        />
      )}
    </Field>
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('claims.fnol.header')}>
      <h2>{t('claims.fnol.header')}</h2>
      <p>{t('claims.fnol.intro')}</p>
      <Field label={t('claims.fnol.claimType')} error={error('claimType')} required>
        {(control) => (
          <Controller
            control={form.control}
            name="claimType"
            render={({ field }) => (
              <Select
                {...control}
                {...field}
                onChange={(v) => {
                  field.onChange(v);
                  form.setValue('claimSubType', null);
                }}
                options={CLAIM_TYPES.map((c) => ({ value: c, label: t(`claims.type.${c}`) }))}
              />
            )}
          />
        )}
      </Field>
      {subTypes && (
        <Field label={t('claims.fnol.claimSubType')} error={error('claimSubType')} required>
          {(control) => (
            <Controller
              control={form.control}
              name="claimSubType"
              render={({ field }) => (
                <Select
                  {...control}
                  {...field}
                  options={subTypes.map((s) => ({ value: s, label: t(`claims.subType.${s}`) }))}
                />
              )}
            />
          )}
        </Field>
      )}
      <Field label={t('claims.fnol.occurredAt')} error={error('occurredAt')} required group>
        {(control) => (
          <Controller
            control={form.control}
            name="occurredAt"
            render={({ field }) => (
              <DateTimePicker
                {...control}
                {...field}
                earliestYear={thisYear - 2}
                latestYear={thisYear}
                latest={today}
              />
            )}
          />
        )}
      </Field>
      {text('location', 'claims.fnol.location', { hint: 'claims.fnol.locationHint', max: 200 })}
      {text('description', 'claims.fnol.description', { max: 2000, long: true })}
      {claimType === 'Accident' && (
        <>
          {text('otherPartyName', 'claims.fnol.otherPartyName', { optional: true, max: 120 })}
          {text('otherPartyRegistration', 'claims.fnol.otherPartyRegistration', { optional: true, max: 12 })}
          {text('otherPartyInsurer', 'claims.fnol.otherPartyInsurer', { optional: true, max: 120 })}
        </>
      )}
      {text('witnessName', 'claims.fnol.witnessName', { optional: true, max: 120 })}
      {text('witnessContact', 'claims.fnol.witnessContact', { optional: true, max: 200 })}
      <Field label={t('claims.fnol.injuries')} error={error('injuries')} required group>
        {(control) => (
          <Controller
            control={form.control}
            name="injuries"
            render={({ field }) => <YesNo {...control} {...field} />}
          />
        )}
      </Field>
      {injuries && text('injuryDetails', 'claims.fnol.injuryDetails', { max: 1000 })}
      {text('policeReference', 'claims.fnol.policeReference', { optional: true, max: 40 })}
      {serverError && <Notification variant="critical">{serverError}</Notification>}
      <div className={styles.actions}>
        <Button type="submit" loading={isSubmitting}>
          {t('claims.fnol.submit')}
        </Button>
        {onCancel && (
          <Button variant="tertiary" onClick={onCancel}>
            {t('claims.fnol.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
