import type { Quote } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { priceBreakdown } from '@forecourt/domain/rating/price';
import { useTranslation } from 'react-i18next';
import styles from '../checkout.module.css';

/**
 * Today's amount (pence, as the payment the API prepared) and the payments after it, from the domain's
 * price breakdown (ADR 175), so checkout says what the quote and summary said: any free months first.
 */
export function AmountDue({ amount, quote }: { amount: number; quote: Quote | null }) {
  const { t } = useTranslation();
  const price = quote ? priceBreakdown(quote) : null;
  const monthly = price?.monthly;
  return (
    <div className={styles.due}>
      <p className={styles.muted}>{t('checkout.dueToday')}</p>
      <p className={styles.amount} data-testid="amount-due">
        {formatGBP(amount)}
      </p>
      {price && monthly && monthly.payments > 0 && (
        <p data-testid="amount-due-after">
          {price.freeMonths > 0
            ? t('checkout.afterFreeMonths', {
                count: price.freeMonths,
                payments: monthly.payments,
                amount: formatGBP(monthly.regular),
              })
            : t('checkout.monthlyAfter', { amount: formatGBP(monthly.regular) })}
        </p>
      )}
    </div>
  );
}
