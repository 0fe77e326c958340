import { type ReactNode, useId } from 'react';
import styles from './choice.module.css';
import type { ControlProps } from './control-props.ts';

export type RadioOption = { value: string; label: ReactNode; hint?: ReactNode; disabled?: boolean };

export type RadioGroupProps = ControlProps<string | null> & {
  options: RadioOption[];
  /** tiles: bordered boxes (default); inline: compact, side by side. */
  appearance?: 'tiles' | 'inline';
};

/** One choice among options (null until chosen). Put it in a Field with `group`. */
export function RadioGroup(props: RadioGroupProps) {
  const autoName = useId();
  const name = props.name ?? autoName;
  return (
    <div
      className={props.appearance === 'inline' ? styles.inline : styles.stack}
      role="radiogroup"
      aria-required={props['aria-required'] || undefined}
    >
      {props.options.map((option, i) => (
        <label key={option.value} className={styles.tile}>
          <input
            ref={i === 0 ? props.ref : undefined}
            id={i === 0 ? props.id : undefined}
            type="radio"
            name={name}
            value={option.value}
            className={styles.radio}
            checked={props.value === option.value}
            disabled={props.disabled || option.disabled}
            aria-describedby={props['aria-describedby']}
            aria-invalid={props['aria-invalid'] || undefined}
            onChange={() => props.onChange(option.value)}
            onBlur={props.onBlur}
          />
          <span className={styles.text}>
            <span>{option.label}</span>
            {option.hint && <span className={styles.hint}>{option.hint}</span>}
          </span>
        </label>
      ))}
    </div>
  );
}
