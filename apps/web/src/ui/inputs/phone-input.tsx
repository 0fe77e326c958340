import { normalisePhone, phoneNationalPart } from '@forecourt/domain/input-format';
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
 */
export function PhoneInput(props: PhoneInputProps) {
  const config = useConfig();
  const prefix = props.prefix ?? config.formats.phoneNumber.prefix;
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
        value={phoneNationalPart(props.value ?? '', prefix)}
        onChange={(e) => props.onChange(normalisePhone(e.target.value, prefix))}
        onBlur={props.onBlur}
        {...ariaOf(props)}
      />
    </div>
  );
}
