import { useTranslation } from 'react-i18next';
import styles from './disclosure-form.module.css';

/** The fixed bar with the number of questions still to answer and 'show me' (spec 3 §5 "Other"). */
export function ErrorBar({ count, onShowMe, label }: { count: number; onShowMe: () => void; label: string }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div className={styles.errorBar} role="status" data-testid="error-bar">
      <span>{label}</span>
      <button type="button" className={styles.showMe} onClick={onShowMe}>
        {t('disclosure.errorBar.showMe')}
      </button>
    </div>
  );
}
