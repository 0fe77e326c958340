import type { HTMLAttributes } from 'react';
import { ariaOf, type ControlProps } from './control-props.ts';
import styles from './inputs.module.css';

export type TextInputProps = ControlProps<string> & {
  type?: 'text' | 'email' | 'tel' | 'search' | 'password';
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Applied to every change before it is emitted (e.g. upper-casing). */
  transform?: (value: string) => string;
};

/** A plain controlled text box. */
export function TextInput(props: TextInputProps) {
  const { value, onChange, onBlur, id, name, disabled, ref, type = 'text', transform } = props;
  return (
    <input
      ref={ref}
      id={id}
      name={name}
      type={type}
      className={styles.input}
      value={value ?? ''}
      disabled={disabled}
      placeholder={props.placeholder}
      autoComplete={props.autoComplete}
      maxLength={props.maxLength}
      inputMode={props.inputMode}
      onChange={(e) => onChange(transform ? transform(e.target.value) : e.target.value)}
      onBlur={onBlur}
      {...ariaOf(props)}
    />
  );
}
