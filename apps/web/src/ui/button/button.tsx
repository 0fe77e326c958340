import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../spinner/spinner.tsx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'ghost' | 'icon' | 'sso' | 'destructive';
export type ButtonLayout = 'default' | 'fixed' | 'small';

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: ButtonVariant;
  /** default: natural width; fixed: 85% width up to 262px; small: compact. */
  layout?: ButtonLayout;
  /** Disabled, with a spinner and aria-busy (spec 1 §4). */
  loading?: boolean;
  type?: 'button' | 'submit' | 'reset';
  /** Renders a react-router Link that looks like this button. */
  to?: string;
  /** Leading icon (decorative). */
  icon?: ReactNode;
  children?: ReactNode;
};

/** The one button of the kit (spec 1 §3.6: variants and layouts). */
export function Button({
  variant = 'primary',
  layout = 'default',
  loading = false,
  disabled = false,
  type = 'button',
  to,
  icon,
  children,
  className,
  onClick,
  ...rest
}: ButtonProps) {
  const classes = [styles.button, styles[variant], styles[layout], className].filter(Boolean).join(' ');
  const content = (
    <>
      {loading ? <Spinner size="small" label="" /> : icon}
      {children !== undefined && <span className={styles.label}>{children}</span>}
    </>
  );
  if (to !== undefined) {
    const inactive = disabled || loading;
    return (
      <Link
        to={to}
        className={classes}
        aria-disabled={inactive || undefined}
        aria-busy={loading || undefined}
        aria-label={rest['aria-label']}
        data-testid={(rest as { 'data-testid'?: string })['data-testid']}
        tabIndex={inactive ? -1 : undefined}
        onClick={(e: MouseEvent<HTMLAnchorElement>) => {
          if (inactive) e.preventDefault();
          else onClick?.(e as unknown as MouseEvent<HTMLButtonElement>);
        }}
      >
        {content}
      </Link>
    );
  }
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      onClick={onClick}
    >
      {content}
    </button>
  );
}
