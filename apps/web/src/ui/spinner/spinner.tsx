import { useTranslation } from 'react-i18next';
import styles from './spinner.module.css';

export type SpinnerProps = {
  size?: 'small' | 'medium' | 'large';
  /** Announced to screen readers; defaults to 'Loading'. Pass '' for a purely decorative spinner. */
  label?: string;
};

/** A rotating ring in the current text colour. */
export function Spinner({ size = 'medium', label }: SpinnerProps) {
  const { t } = useTranslation();
  const text = label ?? t('ui.spinner.loading');
  const ring = <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />;
  if (!text) return ring;
  return (
    <output className={styles.wrap}>
      {ring}
      <span className={styles.srOnly}>{text}</span>
    </output>
  );
}
