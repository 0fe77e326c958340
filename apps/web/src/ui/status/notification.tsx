import type { ReactNode } from 'react';
import styles from './status.module.css';

export type NotificationVariant = 'default' | 'success' | 'warning' | 'critical' | 'info';

export type NotificationProps = {
  variant?: NotificationVariant;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
};

const icons: Record<NotificationVariant, string> = {
  default: 'M12 8v5m0 3h.01',
  info: 'M12 11v6m0-9h.01',
  success: 'M7 12.5l3 3 7-7',
  warning: 'M12 8v5m0 3h.01',
  critical: 'M9 9l6 6m0-6l-6 6',
};

/**
 * An inline message box (spec 1 §3.6 notification variants). Warning and critical ones are alerts, announced at
 * once; the others are polite status messages.
 */
export function Notification({ variant = 'default', title, children, action }: NotificationProps) {
  const urgent = variant === 'warning' || variant === 'critical';
  return (
    <div className={`${styles.notification} ${styles[variant]}`} role={urgent ? 'alert' : 'status'}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d={icons[variant]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div>{children}</div>}
        {action && <div className={styles.action}>{action}</div>}
      </div>
    </div>
  );
}
