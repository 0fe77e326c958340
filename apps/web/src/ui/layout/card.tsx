import type { ReactNode } from 'react';
import styles from './layout.module.css';

export type CardProps = {
  title?: ReactNode;
  /** Heading level of the title (default 2). */
  level?: 2 | 3 | 4;
  children: ReactNode;
  footer?: ReactNode;
  tone?: 'default' | 'highlight';
};

/** A surface panel with an optional heading and footer. */
export function Card({ title, level = 2, children, footer, tone = 'default' }: CardProps) {
  const Heading = `h${level}` as const;
  return (
    <section className={`${styles.card} ${tone === 'highlight' ? styles.highlight : ''}`}>
      {title && <Heading className={styles.cardTitle}>{title}</Heading>}
      <div>{children}</div>
      {footer && <div className={styles.cardFooter}>{footer}</div>}
    </section>
  );
}
