import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './field.module.css';

/** What a Field hands its control so the label, hint and error are wired for assistive technology. */
export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
};

export type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown beneath the control; marks it aria-invalid. */
  error?: ReactNode;
  required?: boolean;
  /** Shows '(optional)' after the label. */
  optional?: boolean;
  /** A group of controls (date boxes, radios): a fieldset whose legend is the label. */
  group?: boolean;
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** Label, hint, the control and its error beneath, with ids wired (aria-describedby, aria-invalid). */
export function Field({ label, hint, error, required, optional, group = false, id, children }: FieldProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const controlId = id ?? `${autoId}-control`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = children({
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
  });
  const labelText = (
    <>
      {label}
      {optional && <span className={styles.optional}> {t('ui.field.optional')}</span>}
    </>
  );
  const rest = (
    <>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.control}>{control}</div>
      {error && (
        <p id={errorId} className={styles.error}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path
              d="M12 7v6m0 3.5v.5"
              stroke="var(--color-surface)"
              strokeWidth="2.2"
              strokeLinecap="round"
            />
          </svg>
          {error}
        </p>
      )}
    </>
  );
  if (group) {
    return (
      <fieldset
        className={`${styles.field} ${styles.fieldset} ${error ? styles.invalid : ''}`}
        aria-describedby={describedBy}
      >
        <legend className={styles.label}>{labelText}</legend>
        {rest}
      </fieldset>
    );
  }
  return (
    <div className={`${styles.field} ${error ? styles.invalid : ''}`}>
      <label htmlFor={controlId} className={styles.label}>
        {labelText}
      </label>
      {rest}
    </div>
  );
}
