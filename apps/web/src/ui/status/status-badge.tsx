import type { ReactNode } from 'react';
import styles from './status.module.css';

export type StatusVariant = 'default' | 'info' | 'success' | 'warning' | 'critical';

/** A small pill naming a status, e.g. a policy's 'Active' (spec 1 §3.6 status variants). */
export function StatusBadge({
  variant = 'default',
  children,
}: {
  variant?: StatusVariant;
  children: ReactNode;
}) {
  return <span className={`${styles.badge} ${styles[variant]}`}>{children}</span>;
}
