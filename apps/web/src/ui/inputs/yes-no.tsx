import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './choice.module.css';
import type { ControlProps } from './control-props.ts';

/** A Yes/No pair yielding a boolean (null until answered) (spec 1 §5.1). Put it in a Field with `group`. */
export function YesNo(props: ControlProps<boolean | null>) {
  const { t } = useTranslation();
  const autoName = useId();
  const name = props.name ?? autoName;
  const option = (answer: boolean) => (
    <label className={styles.tile}>
      <input
        ref={answer ? props.ref : undefined}
        id={answer ? props.id : undefined}
        type="radio"
        name={name}
        className={styles.radio}
        checked={props.value === answer}
        disabled={props.disabled}
        aria-describedby={props['aria-describedby']}
        aria-invalid={props['aria-invalid'] || undefined}
        onChange={() => props.onChange(answer)}
        onBlur={props.onBlur}
      />
      <span>{t(answer ? 'ui.yesNo.yes' : 'ui.yesNo.no')}</span>
    </label>
  );
  return (
    <div className={styles.pair} role="radiogroup" aria-required={props['aria-required'] || undefined}>
      {option(true)}
      {option(false)}
    </div>
  );
}
