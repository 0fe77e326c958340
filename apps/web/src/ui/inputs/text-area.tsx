import type { Ref } from 'react';
import { ariaOf, type ControlProps } from './control-props.ts';
import styles from './inputs.module.css';

export type TextAreaProps = Omit<ControlProps<string>, 'ref'> & {
  ref?: Ref<HTMLTextAreaElement>;
  maxLength?: number;
  /** Visible lines before it grows a scrollbar (the customer can drag it taller). */
  rows?: number;
};

/** A plain controlled box for a few sentences: what happened, a note. */
export function TextArea(props: TextAreaProps) {
  const { value, onChange, onBlur, id, name, disabled, ref, rows = 4 } = props;
  return (
    <textarea
      ref={ref}
      id={id}
      name={name}
      rows={rows}
      className={`${styles.input} ${styles.textarea}`}
      value={value ?? ''}
      disabled={disabled}
      maxLength={props.maxLength}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      {...ariaOf(props)}
    />
  );
}
