import type { ReactNode } from 'react';
import { useConfig } from '../../lib/config.tsx';
import styles from './admin-screens.module.css';

/** The admin screens shown before the app itself (no navigation yet): the logo and a card. */
export function AdminFrame({ children, page, wide }: { children: ReactNode; page: string; wide?: boolean }) {
  const { theme } = useConfig();
  return (
    <div className={styles.frame} data-page={page}>
      <div className={styles.top}>
        <img src={theme.logo.src} alt={theme.logo.alt} width={theme.logo.width} />
      </div>
      <main className={wide ? `${styles.card} ${styles.wide}` : styles.card}>
        <span className={styles.badge}>Admin</span>
        {children}
      </main>
    </div>
  );
}
