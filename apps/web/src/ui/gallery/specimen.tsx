import type { ReactNode } from 'react';
import styles from './gallery.module.css';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <div className={styles.grid}>{children}</div>
    </section>
  );
}

export function Specimen({ name, children, wide }: { name: string; children: ReactNode; wide?: boolean }) {
  return (
    <figure className={`${styles.specimen} ${wide ? styles.wideSpecimen : ''}`}>
      <figcaption className={styles.caption}>{name}</figcaption>
      <div className={styles.stage}>{children}</div>
    </figure>
  );
}
