import { useTranslation } from 'react-i18next';
import type { Question } from '../engine/types.ts';
import styles from './disclosure-form.module.css';
import { messageKeys, textKeys, useEngine } from './engine-context.tsx';
import { QuestionInput } from './question-input.tsx';
import { QuestionLoop } from './question-loop.tsx';

/** Inputs made of several controls: labelled as a group, not by one <label for>. */
const GROUP_INPUTS = new Set([
  'yesNo',
  'radio',
  'name',
  'date',
  'dateOfBirth',
  'yearMonth',
  'marketingPreferences',
  'loop',
  'vehicleTabs',
  'address',
]);

interface Props {
  question: Question;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  /** The failed rule, when the field shows its error. */
  error?: string;
  idPrefix?: string;
}

/** One question: label, optional hint, the widget and its message (ids wired for assistive technology). */
export function QuestionField({ question: q, value, onChange, onBlur, error, idPrefix = 'q' }: Props) {
  const { t, i18n } = useTranslation();
  const { sectionId } = useEngine();
  const id = `${idPrefix}-${q.id}`;
  const hintKeys = textKeys(sectionId, q.id, 'hint');
  const hasHint = hintKeys.some((k) => i18n.exists(k));
  const label = t(textKeys(sectionId, q.id, 'label'));
  const isCheckbox = q.input === 'checkbox' || q.input === 'checkboxPromotion';
  const group = GROUP_INPUTS.has(q.input);
  const describedBy =
    [hasHint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const hint = hasHint && (
    <p className={styles.hint} id={`${id}-hint`}>
      {t(hintKeys)}
    </p>
  );
  const input =
    q.input === 'loop' ? (
      <QuestionLoop
        question={q}
        value={(value as Record<string, unknown>[] | undefined) ?? []}
        onChange={onChange}
        Field={QuestionField}
      />
    ) : (
      <QuestionInput
        question={q}
        id={id}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        invalid={Boolean(error)}
        describedBy={describedBy}
        checkboxLabel={label}
      />
    );
  return (
    <div
      className={styles.field}
      id={`field-${id}`}
      data-question={q.id}
      data-invalid={error ? 'true' : undefined}
    >
      {group ? (
        <fieldset className={styles.group} aria-describedby={describedBy}>
          <legend className={styles.label} id={`${id}-label`}>
            {label}
          </legend>
          {hint}
          {input}
        </fieldset>
      ) : (
        <>
          {!isCheckbox && (
            <label className={styles.label} id={`${id}-label`} htmlFor={id}>
              {label}
            </label>
          )}
          {hint}
          {input}
        </>
      )}
      {error && (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {t(messageKeys(q.id, error))}
        </p>
      )}
    </div>
  );
}
