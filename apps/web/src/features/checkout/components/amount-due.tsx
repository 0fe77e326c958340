import type { Quote } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { useTranslation } from 'react-i18next';
import styles from '../checkout.module.css';

/** Today's amount (pence) and the monthly payment after it. */
export function AmountDue({ amount, quote }: { amount: number; quote: Quote | null }) {
  const { t } = useTranslation();
  const monthly = quote?.totals?.monthly?.regular;
  return (
    <div className={styles.due}>
      <p className={styles.muted}>{t('checkout.dueToday')}</p>
      <p className={styles.amount} data-testid="amount-due">
        {formatGBP(amount)}
      </p>
      {monthly !== undefined && <p>{t('checkout.monthlyAfter', { amount: formatGBP(monthly) })}</p>}
    </div>
  );
}
