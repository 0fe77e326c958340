import type { Section } from '@forecourt/contracts/product-config';
import { useTranslation } from 'react-i18next';
import styles from './progress-steps.module.css';

/** The quote progress steps (labels of spec 3 §2), the current one marked. */
export function ProgressSteps({ sections, currentId }: { sections: Section[]; currentId: string }) {
  const { t } = useTranslation();
  const index = sections.findIndex((s) => s.id === currentId);
  return (
    <nav aria-label={t('quote.progress.label')} className={styles.nav}>
      <p className={styles.count}>
        {t('quote.progress.count', {
          step: index + 1,
          total: sections.length,
          label: t(`quote.progress.${sections[index]?.progressStep}`),
        })}
      </p>
      <ol className={styles.steps}>
        {sections.map((s, i) => (
          <li
            key={s.id}
            className={i < index ? styles.done : i === index ? styles.current : undefined}
            aria-current={i === index ? 'step' : undefined}
          >
            <span className={styles.label}>{t(`quote.progress.${s.progressStep}`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
