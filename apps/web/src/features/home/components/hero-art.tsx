import styles from './hero-art.module.css';

/** A decorative car-and-shield illustration drawn in the brand's theme colours. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg
      className={`${styles.art} ${className ?? ''}`}
      viewBox="0 0 400 300"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="210" cy="140" r="130" className={styles.glow} />
      <rect x="30" y="236" width="350" height="14" rx="7" className={styles.road} />
      <g className={styles.car}>
        <path
          d="M70 200v-30l28-46c5-8 13-12 22-12h110c9 0 17 4 22 12l32 46h18c12 0 22 10 22 22v8c0 8-6 14-14 14H84c-8 0-14-6-14-14z"
          className={styles.body}
        />
        <path
          d="M112 162l20-34c3-5 7-7 12-7h36v41zM194 121h38c5 0 9 2 12 7l22 34h-72z"
          className={styles.window}
        />
        <circle cx="128" cy="222" r="26" className={styles.tyre} />
        <circle cx="128" cy="222" r="11" className={styles.hub} />
        <circle cx="282" cy="222" r="26" className={styles.tyre} />
        <circle cx="282" cy="222" r="11" className={styles.hub} />
        <rect x="316" y="180" width="18" height="9" rx="4" className={styles.light} />
      </g>
      <g transform="translate(268 28)">
        <path d="M46 0l42 16v32c0 28-18 50-42 60C22 98 4 76 4 48V16z" className={styles.shield} />
        <path d="M26 54l14 14 28-30" className={styles.tick} />
      </g>
    </svg>
  );
}
