import type { ReactNode } from 'react';
import styles from './layout.module.css';

export type PromoBannerProps = {
  title: ReactNode;
  children?: ReactNode;
  image: { src: string; alt: string };
  action?: ReactNode;
};

/** A promotional banner with an image beside the text (above it on mobile). */
export function PromoBanner({ title, children, image, action }: PromoBannerProps) {
  return (
    <section className={styles.promo}>
      <img className={styles.promoImage} src={image.src} alt={image.alt} loading="lazy" />
      <div className={styles.promoBody}>
        <h2 className={styles.promoTitle}>{title}</h2>
        {children && <div className={styles.promoText}>{children}</div>}
        {action && <div className={styles.promoAction}>{action}</div>}
      </div>
    </section>
  );
}
