import { useTranslation } from 'react-i18next';
import styles from './inputs.module.css';

interface Base<T> {
  id: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
}

export function TextInput(props: Base<string> & { type?: 'text' | 'email'; autoComplete?: string }) {
  return (
    <input
      id={props.id}
      type={props.type ?? 'text'}
      className={styles.text}
      autoComplete={props.autoComplete}
      value={props.value ?? ''}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={props.onBlur}
    />
  );
}

/** Whole numbers only: non-digits are stripped as typed (spec 1 §5.1). */
export function NumberInput(props: Base<number>) {
  return (
    <input
      id={props.id}
      inputMode="numeric"
      className={styles.text}
      value={props.value === undefined || props.value === null ? '' : String(props.value)}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      onChange={(e) => {
        const digits = e.target.value.replace(/\D/g, '');
        props.onChange(digits === '' ? undefined : Number(digits));
      }}
      onBlur={props.onBlur}
    />
  );
}

/** UK phone: digits only, one leading 0 dropped, the brand prefix prepended (spec 1 §5.1). */
export function PhoneInput(props: Base<string> & { prefix: string }) {
  const national = (props.value ?? '').startsWith(props.prefix)
    ? (props.value ?? '').slice(props.prefix.length)
    : (props.value ?? '');
  return (
    <div className={styles.prefix}>
      <span aria-hidden="true">{props.prefix}</span>
      <input
        id={props.id}
        type="tel"
        autoComplete="tel-national"
        className={styles.text}
        value={national}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '').replace(/^0/, '');
          props.onChange(digits === '' ? undefined : `${props.prefix}${digits}`);
        }}
        onBlur={props.onBlur}
      />
    </div>
  );
}

type NameValue = { firstName?: string; lastName?: string };

/** First and last name; leading whitespace is trimmed as typed (spec 1 §5.1). */
export function NameInput(props: Base<NameValue>) {
  const { t } = useTranslation();
  const v = props.value ?? {};
  const set = (key: keyof NameValue, text: string) => {
    const next = { ...v, [key]: text.replace(/^\s+/, '') };
    props.onChange(next.firstName || next.lastName ? next : undefined);
  };
  return (
    <div className={styles.row}>
      {(['firstName', 'lastName'] as const).map((key) => (
        <label key={key} className={styles.part}>
          {t(`disclosure.name.${key}`)}
          <input
            id={key === 'firstName' ? props.id : `${props.id}-${key}`}
            className={styles.text}
            autoComplete={key === 'firstName' ? 'given-name' : 'family-name'}
            value={v[key] ?? ''}
            aria-invalid={props.invalid || undefined}
            aria-describedby={props.describedBy}
            onChange={(e) => set(key, e.target.value)}
            onBlur={props.onBlur}
          />
        </label>
      ))}
    </div>
  );
}
