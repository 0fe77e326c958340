import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Field } from '../../../ui/index.ts';
import styles from './address-search.module.css';
import type { AddressValue } from './address-value.ts';

const FIELDS = ['line1', 'line2', 'line3', 'city', 'postalCode'] as const;
type Draft = Record<(typeof FIELDS)[number], string>;

/** Admin-only manual override (spec 1 §5.2 Address, §6): line 1, town and a valid UK postcode required. */
export function ManualAddressForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: AddressValue | undefined;
  onSave: (address: AddressValue) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const postcode = new RegExp(useConfig().formats.postalCode.regex);
  const [draft, setDraft] = useState<Draft>(() => ({
    line1: initial?.line1 ?? '',
    line2: initial?.line2 ?? '',
    line3: initial?.line3 ?? '',
    city: initial?.city ?? '',
    postalCode: initial?.postalCode ?? '',
  }));
  const [touched, setTouched] = useState(false);
  const errors: Partial<Record<keyof Draft, string>> = {};
  for (const k of ['line1', 'city', 'postalCode'] as const)
    if (!draft[k].trim()) errors[k] = t('lookups.address.manual.required');
  if (draft.postalCode.trim() && !postcode.test(draft.postalCode.trim()))
    errors.postalCode = t('lookups.address.manual.badPostcode');
  const valid = Object.keys(errors).length === 0;
  return (
    <fieldset className={styles.manual}>
      <legend>{t('lookups.address.manual.title')}</legend>
      {FIELDS.map((k) => (
        <Field key={k} label={t(`lookups.address.manual.${k}`)} error={touched ? errors[k] : undefined}>
          {(control) => (
            <input
              {...control}
              className={styles.input}
              value={draft[k]}
              onBlur={() => setTouched(true)}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  [k]: k === 'postalCode' ? e.target.value.toUpperCase() : e.target.value,
                })
              }
            />
          )}
        </Field>
      ))}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('lookups.address.manual.cancel')}
        </Button>
        <Button
          disabled={!valid}
          onClick={() =>
            onSave({
              ...initial,
              ...draft,
              postalCode: draft.postalCode.trim(),
              countryName: 'United Kingdom',
              countryIso2: 'GB',
              countryIso3: 'GBR',
            })
          }
        >
          {t('lookups.address.manual.save')}
        </Button>
      </div>
    </fieldset>
  );
}
