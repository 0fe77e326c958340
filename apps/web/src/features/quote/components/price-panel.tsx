import type { Quote } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { priceBreakdown } from '@forecourt/domain/rating/price';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { termText } from '../../../lib/price-term.ts';
import styles from './quote-components.module.css';

/**
 * The price: monthly and annual with the IPT it includes, any free months, what is due today and the
 * payments after it: the domain's one price breakdown (ADR 175), as the summary, checkout, e-mail and
 * schedule show it.
 */
export function PricePanel({
  quote,
  term = 'P1M',
  children,
  summary = false,
}: {
  quote: Quote;
  /** The proposal's policyTerm (ADR 245): a price paid in full reads '£x for 12 months' or '£x for 7 days'. */
  term?: string;
  children?: ReactNode;
  /** A second copy at the top of the page on small screens (no test ids). */
  summary?: boolean;
}) {
  const id = (name: string) => (summary ? undefined : name);
  const { t } = useTranslation();
  const price = priceBreakdown(quote);
  if (!price) return null;
  const monthly = price.monthly;
  return (
    <section
      className={`${styles.price} ${summary ? styles.summary : ''}`}
      aria-label={t('quote.price.label')}
      data-testid={id('price')}
    >
      {monthly ? (
        <p className={styles.monthly}>
          <span className={styles.amount} data-testid={id('monthly-price')}>
            {formatGBP(monthly.regular)}
          </span>{' '}
          {t('quote.price.perMonth')}
        </p>
      ) : (
        <p className={styles.monthly}>
          <span className={styles.amount} data-testid={id('term-price')}>
            {formatGBP(price.total)}
          </span>{' '}
          {termText(t, term)}
        </p>
      )}
      <p className={styles.annual} hidden={!monthly}>
        {monthly && t('quote.price.annual', { amount: formatGBP(price.total) })}
        <span data-testid={id('annual-price')} hidden>
          {price.total}
        </span>
      </p>
      <p className={styles.ipt}>{t('quote.price.ipt', { amount: formatGBP(price.ipt) })}</p>
      {price.freeMonths > 0 && (
        <p className={styles.free} data-testid={id('free-months')}>
          {t('quote.price.freeMonths', { count: price.freeMonths })}
        </p>
      )}
      {price.freeMonths > 0 ? (
        <>
          <p className={styles.ipt} data-testid={id('price-due-today')}>
            {t('quote.price.dueToday', { amount: formatGBP(price.dueToday) })}
          </p>
          {monthly && monthly.payments > 0 && (
            <p className={styles.ipt}>
              {t(
                monthly.first === monthly.regular
                  ? 'quote.price.thenPayments'
                  : 'quote.price.thenPaymentsFirst',
                {
                  count: monthly.payments,
                  amount: formatGBP(monthly.regular),
                  first: formatGBP(monthly.first),
                },
              )}
            </p>
          )}
        </>
      ) : (
        monthly &&
        monthly.first !== monthly.regular && (
          <p className={styles.ipt} data-testid={id('price-due-today')}>
            {t('quote.price.firstPayment', { amount: formatGBP(price.dueToday) })}
          </p>
        )
      )}
      {children}
    </section>
  );
}
