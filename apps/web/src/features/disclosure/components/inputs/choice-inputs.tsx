import { useTranslation } from 'react-i18next';
import styles from './inputs.module.css';

export interface OptionProps<T> {
  id: string;
  value: T | undefined;
  onChange: (value: T) => void;
  onBlur?: () => void;
  options: T[];
  /** The option's text key; the value itself shows when the key has no text. */
  labelKey: (value: T) => string;
  invalid?: boolean;
  describedBy?: string;
}

/** Radio buttons as tiles; a short numeric list (0-9) shows compact. */
export function RadioTiles<T extends string | number>(props: OptionProps<T>) {
  const { t } = useTranslation();
  const compact = props.options.every((o) => String(o).length <= 2);
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${props.id}-label`}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      className={`${styles.choices} ${compact ? styles.compact : ''}`}
    >
      {props.options.map((o) => (
        <label key={String(o)} className={styles.choice}>
          <input
            type="radio"
            name={props.id}
            value={String(o)}
            checked={props.value === o}
            onChange={() => props.onChange(o)}
            onBlur={props.onBlur}
          />
          {t(props.labelKey(o), { defaultValue: String(o) })}
        </label>
      ))}
    </div>
  );
}

/** A native select: the answer keeps the option's type (numbers stay numbers). */
export function SelectInput<T extends string | number>(props: OptionProps<T>) {
  const { t } = useTranslation();
  return (
    <select
      id={props.id}
      className={styles.select}
      value={props.value === undefined || props.value === null ? '' : String(props.value)}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      onChange={(e) => {
        const picked = props.options.find((o) => String(o) === e.target.value);
        if (picked !== undefined) props.onChange(picked);
      }}
      onBlur={props.onBlur}
    >
      <option value="" disabled>
        {t('disclosure.select.placeholder')}
      </option>
      {props.options.map((o) => (
        <option key={String(o)} value={String(o)}>
          {t(props.labelKey(o), { defaultValue: String(o) })}
        </option>
      ))}
    </select>
  );
}

/** Yes / No, yielding a boolean (spec 1 §5.1). */
export function YesNoInput(props: Omit<OptionProps<boolean>, 'options' | 'labelKey'>) {
  return (
    <RadioTiles<string>
      {...props}
      value={props.value === undefined || props.value === null ? undefined : props.value ? 'yes' : 'no'}
      onChange={(v) => props.onChange(v === 'yes')}
      options={['yes', 'no']}
      labelKey={(v) => `disclosure.yesNo.${v}`}
    />
  );
}

export function CheckboxInput(props: {
  id: string;
  value: boolean | undefined;
  onChange: (v: boolean) => void;
  label: string;
  invalid?: boolean;
}) {
  return (
    <label className={styles.check}>
      <input
        id={props.id}
        type="checkbox"
        checked={props.value === true}
        aria-invalid={props.invalid || undefined}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}
