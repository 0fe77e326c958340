import { trimLeadingWhitespace } from '@forecourt/domain/input-format';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './control-props.ts';
import styles from './inputs.module.css';

export type NameValue = { firstName: string; lastName: string };

export type NameInputProps = ControlProps<NameValue> & {
  /** Marks one part invalid (the Field shows the message). */
  invalidPart?: 'firstName' | 'lastName' | 'both';
};

/** First and last name (spec 1 §3.4); leading whitespace is trimmed as the user types (spec 1 §5.1). */
export function NameInput(props: NameInputProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const baseId = props.id ?? autoId;
  const value = props.value ?? { firstName: '', lastName: '' };
  const invalid = (part: 'firstName' | 'lastName') =>
    props['aria-invalid'] &&
    (!props.invalidPart || props.invalidPart === part || props.invalidPart === 'both');
  const box = (part: 'firstName' | 'lastName', autoComplete: string) => (
    <div className={styles.part}>
      <label className={styles.partLabel} htmlFor={part === 'firstName' ? baseId : `${baseId}-last`}>
        {t(part === 'firstName' ? 'ui.name.first' : 'ui.name.last')}
      </label>
      <input
        ref={part === 'firstName' ? props.ref : undefined}
        id={part === 'firstName' ? baseId : `${baseId}-last`}
        name={props.name ? `${props.name}.${part}` : undefined}
        className={styles.input}
        autoComplete={autoComplete}
        autoCapitalize="words"
        spellCheck={false}
        disabled={props.disabled}
        value={value[part]}
        aria-describedby={props['aria-describedby']}
        aria-invalid={invalid(part) || undefined}
        aria-required={props['aria-required'] || undefined}
        onChange={(e) => props.onChange({ ...value, [part]: trimLeadingWhitespace(e.target.value) })}
        onBlur={props.onBlur}
      />
    </div>
  );
  return (
    <div className={styles.row}>
      {box('firstName', 'given-name')}
      {box('lastName', 'family-name')}
    </div>
  );
}
