import { normalisePhone, phoneNationalPart } from '@forecourt/domain/input-format';
import { useState } from 'react';
import { useConfig } from '../../lib/config.tsx';
import { ariaOf, type ControlProps } from './control-props.ts';
import styles from './inputs.module.css';

export type PhoneInputProps = ControlProps<string> & {
  /** International code; defaults to the brand's formats.phoneNumber.prefix (+44). */
  prefix?: string;
  placeholder?: string;
};

/**
 * Phone number (spec 1 §5.1): strips non-digits, drops one leading 0 and emits the international code followed
 * by the digits ('07700 900123' → '+447700900123'); empty is ''. The code is shown fixed before the box.
 * A number typed in international form ('+44 7700…', '0044 7700…') stays as typed while it still means the
 * held value, so it can be typed key by key.
 */
export function PhoneInput(props: PhoneInputProps) {
  const config = useConfig();
  const prefix = props.prefix ?? config.formats.phoneNumber.prefix;
  const [typed, setTyped] = useState<string | null>(null);
  const value = props.value ?? '';
  const international = typed !== null && /^\s*(?:\+|0(?:0|$))/.test(typed);
  const shown =
    international && normalisePhone(typed, prefix) === value ? typed : phoneNationalPart(value, prefix);
  return (
    <div className={styles.adorned}>
      <span className={styles.adornment}>{prefix}</span>
      <input
        ref={props.ref}
        id={props.id}
        name={props.name}
        type="tel"
        className={styles.input}
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={props.placeholder}
        disabled={props.disabled}
        value={shown}
        onChange={(e) => {
          setTyped(e.target.value);
          props.onChange(normalisePhone(e.target.value, prefix));
        }}
        onBlur={props.onBlur}
        {...ariaOf(props)}
      />
    </div>
  );
}
