import type { ReactNode } from 'react';
import styles from './layout.module.css';

/**
 * Centres page content at the layout widths of spec 1 §9: 420px from 480, 552px from 768, 584px from 1024;
 * `wide` gives 944px from 1024 and 992px from 1200. Full width (with gutters) below.
 */
export function PageWidth({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={`${styles.page} ${wide ? styles.wide : styles.narrow}`}>{children}</div>;
}
