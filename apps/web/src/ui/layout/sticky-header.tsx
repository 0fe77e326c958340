import type { ReactNode } from 'react';
import styles from './layout.module.css';

/** A container that sticks to the top of the viewport while its page scrolls (spec 1 §2.3). */
export function StickyHeader({ children }: { children: ReactNode }) {
  return <div className={styles.stickyHeader}>{children}</div>;
}
