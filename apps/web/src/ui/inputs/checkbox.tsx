import type { ReactNode } from 'react';
import styles from './choice.module.css';
import { ariaOf, type ControlProps } from './control-props.ts';

export type CheckboxProps = ControlProps<boolean> & { label: ReactNode; hint?: ReactNode };

/** A labelled checkbox yielding a boolean. */
export function Checkbox(props: CheckboxProps) {
  return (
    <label className={styles.check}>
      <input
        ref={props.ref}
        id={props.id}
        name={props.name}
        type="checkbox"
        className={styles.box}
        checked={Boolean(props.value)}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
        onBlur={props.onBlur}
        {...ariaOf(props)}
      />
      <span className={styles.text}>
        <span>{props.label}</span>
        {props.hint && <span className={styles.hint}>{props.hint}</span>}
      </span>
    </label>
  );
}
