import { matchRegistration, type RegistrationFormats } from '@forecourt/domain/input-format';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config.tsx';
import { ariaOf, type ControlProps } from './control-props.ts';
import styles from './licence-plate-input.module.css';

export type LicencePlateInputProps = Omit<ControlProps<string>, 'onChange'> & {
  /** The formatted registration ('AB12 CDE') and whether it fully matches a configured format. */
  onChange: (value: string, meta: { complete: boolean }) => void;
  /** Defaults to the brand's formats.vehicleRegistration. */
  formats?: RegistrationFormats;
  /** rear: yellow plate; front: white plate (--color-plate-rear / --color-plate-front, see ui/global.css). */
  plate?: 'rear' | 'front';
  placeholder?: string;
};

/**
 * UK licence plate (spec 1 §5.1): spaces and hyphens removed, upper-cased, shown formatted by the brand's
 * registration formats with the divider (longest full match, else a partial match), in the plate font.
 */
export function LicencePlateInput(props: LicencePlateInputProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const formats = props.formats ?? config.formats.vehicleRegistration;
  return (
    <div className={`${styles.plate} ${styles[props.plate ?? 'rear']}`}>
      <span className={styles.band} aria-hidden="true">
        {t('ui.plate.country')}
      </span>
      <input
        ref={props.ref}
        id={props.id}
        name={props.name}
        className={styles.input}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={props.placeholder ?? t('ui.plate.placeholder')}
        disabled={props.disabled}
        value={props.value ?? ''}
        onChange={(e) => {
          const m = matchRegistration(e.target.value, formats);
          props.onChange(m.value, { complete: m.complete });
        }}
        onBlur={props.onBlur}
        {...ariaOf(props)}
      />
    </div>
  );
}
