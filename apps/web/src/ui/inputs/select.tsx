import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ariaOf, type ControlProps } from './control-props.ts';
import styles from './inputs.module.css';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<ControlProps<string | null>, 'ref'> & {
  options: SelectOption[];
  /** Shown while nothing is chosen; defaults to 'Please select'. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
};

/** A native drop-down; null while nothing is chosen. */
export function Select(props: SelectProps) {
  const { t } = useTranslation();
  return (
    <select
      ref={props.ref}
      id={props.id}
      name={props.name}
      className={styles.input}
      disabled={props.disabled}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.target.value === '' ? null : e.target.value)}
      onBlur={props.onBlur}
      {...ariaOf(props)}
    >
      <option value="" disabled={props.value !== null && props.value !== undefined && props.value !== ''}>
        {props.placeholder ?? t('ui.select.placeholder')}
      </option>
      {props.options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
