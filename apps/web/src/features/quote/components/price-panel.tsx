import type { Quote } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './quote-components.module.css';

/** The price: monthly and annual with the IPT it includes, and any free months (spec 3 §3 totals). */
export function PricePanel({
  quote,
  children,
  summary = false,
}: {
  quote: Quote;
  children?: ReactNode;
  /** A second copy at the top of the page on small screens (no test ids). */
  summary?: boolean;
}) {
  const id = (name: string) => (summary ? undefined : name);
  const { t } = useTranslation();
  const totals = quote.totals;
  if (!totals) return null;
  return (
    <section
      className={`${styles.price} ${summary ? styles.summary : ''}`}
      aria-label={t('quote.price.label')}
      data-testid={id('price')}
    >
      {totals.monthly && (
        <p className={styles.monthly}>
          <span className={styles.amount} data-testid={id('monthly-price')}>
            {formatGBP(totals.monthly.regular)}
          </span>{' '}
          {t('quote.price.perMonth')}
        </p>
      )}
      <p className={styles.annual}>
        {t('quote.price.annual', { amount: formatGBP(totals.gross) })}
        <span data-testid={id('annual-price')} hidden>
          {totals.gross}
        </span>
      </p>
      <p className={styles.ipt}>{t('quote.price.ipt', { amount: formatGBP(totals.ipt) })}</p>
      {totals.monthly && totals.monthly.first !== totals.monthly.regular && (
        <p className={styles.ipt}>
          {t('quote.price.firstPayment', { amount: formatGBP(totals.monthly.first) })}
        </p>
      )}
      {totals.freeMonths > 0 && (
        <p className={styles.free} data-testid={id('free-months')}>
          {t('quote.price.freeMonths', { count: totals.freeMonths })}
        </p>
      )}
      {children}
    </section>
  );
}
