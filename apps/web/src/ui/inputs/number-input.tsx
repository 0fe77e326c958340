import { normaliseWholeNumber } from '@forecourt/domain/input-format';
import type { ReactNode } from 'react';
import { ariaOf, type ControlProps } from './control-props.ts';
import styles from './inputs.module.css';

export type NumberInputProps = ControlProps<number | null> & {
  /** A keystroke that would make the number larger than this is ignored. */
  max?: number;
  /** Fixed text before the box, e.g. '£'. */
  prefix?: ReactNode;
  /** Fixed text after the box, e.g. 'miles'. */
  suffix?: ReactNode;
  placeholder?: string;
};

/** Whole numbers only: non-digits are stripped; empty is null (spec 1 §5.1). */
export function NumberInput(props: NumberInputProps) {
  const { value, onChange, max, prefix, suffix } = props;
  const input = (
    <input
      ref={props.ref}
      id={props.id}
      name={props.name}
      className={styles.input}
      inputMode="numeric"
      autoComplete="off"
      placeholder={props.placeholder}
      disabled={props.disabled}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => {
        const next = normaliseWholeNumber(e.target.value, max);
        if (next !== undefined && next !== value) onChange(next);
      }}
      onBlur={props.onBlur}
      {...ariaOf(props)}
    />
  );
  if (!prefix && !suffix) return input;
  return (
    <div className={styles.adorned}>
      {prefix && (
        <span className={styles.adornment} aria-hidden="true">
          {prefix}
        </span>
      )}
      {input}
      {suffix && (
        <span className={styles.adornment} aria-hidden="true">
          {suffix}
        </span>
      )}
    </div>
  );
}
