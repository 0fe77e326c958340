import type { ReactNode } from 'react';
import { sidebarStickyTop } from '../tokens.ts';
import styles from './layout.module.css';

export type SidebarLayoutProps = { children: ReactNode; sidebar: ReactNode; sidebarLabel?: string };

/**
 * Main content with a sidebar (e.g. the price summary): side by side from 1024px with the sidebar sticky at
 * top 4rem (spec 1 §2.3); stacked, sidebar after the content, on smaller screens.
 */
export function SidebarLayout({ children, sidebar, sidebarLabel }: SidebarLayoutProps) {
  return (
    <div className={styles.sidebarLayout}>
      <div className={styles.main}>{children}</div>
      <aside className={styles.sidebar} aria-label={sidebarLabel} style={{ top: sidebarStickyTop }}>
        {sidebar}
      </aside>
    </div>
  );
}
