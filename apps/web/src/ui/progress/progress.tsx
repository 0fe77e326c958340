import { capProgress } from '@forecourt/domain/input-format';
import styles from './progress.module.css';

export type ProgressProps = { value: number; label: string; showValue?: boolean };

/** A progress bar for a fraction 0..1; values above 1 are shown as complete (spec 1 §4). */
export function Progress({ value, label, showValue = false }: ProgressProps) {
  const percent = Math.round(capProgress(value) * 100);
  return (
    <div className={styles.wrap}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={styles.track}
      >
        <div className={styles.bar} style={{ width: `${percent}%` }} />
      </div>
      {showValue && <span className={styles.value}>{percent}%</span>}
    </div>
  );
}
