import type { ReactNode } from 'react';
import styles from './layout.module.css';

export type PromoBannerProps = {
  title: ReactNode;
  children?: ReactNode;
  /** fit 'cover' (default) fills the image box, cropping a photo; 'contain' shows all of a logo or drawing. */
  image: { src: string; alt: string; fit?: 'cover' | 'contain' };
  action?: ReactNode;
};

/** A promotional banner with an image beside the text (above it on mobile). */
export function PromoBanner({ title, children, image, action }: PromoBannerProps) {
  return (
    <section className={styles.promo}>
      <img
        className={`${styles.promoImage} ${image.fit === 'contain' ? styles.contain : ''}`}
        src={image.src}
        alt={image.alt}
        loading="lazy"
      />
      <div className={styles.promoBody}>
        <h2 className={styles.promoTitle}>{title}</h2>
        {children && <div className={styles.promoText}>{children}</div>}
        {action && <div className={styles.promoAction}>{action}</div>}
      </div>
    </section>
  );
}
