import type { Quote } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { type PriceBreakdown as Breakdown, priceBreakdown } from '@forecourt/domain/rating/price';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui/index.ts';
import styles from '../checkout.module.css';

const lineLabel = (t: TFunction, line: Breakdown['lines'][number], price: Breakdown) =>
  line.coverGroup === 'MAIN'
    ? t('summary.price.main')
    : line.coverGroup === 'DISCOUNT'
      ? t('summary.price.discount', { code: line.feature, count: price.freeMonths })
      : t(`summary.price.cover.${line.feature}`);

/** '12 monthly payments of £60.00' or, after free months, 'Then 9 monthly payments of …'. */
export function paymentsText(t: TFunction, price: Breakdown): string | null {
  const m = price.monthly;
  if (!m || m.payments === 0) return null;
  const key = `summary.price.${price.freeMonths > 0 ? 'thenPayments' : 'payments'}${m.first === m.regular ? '' : 'First'}`;
  return t(key, { count: m.payments, amount: formatGBP(m.regular), first: formatGBP(m.first) });
}

/**
 * The summary's price (spec 3 §2 "Summary page", §9: 12% IPT, no fees): the domain's one price breakdown
 * (ADR 175): lines, premium before tax, IPT on it and the total add up; then the free months, what is due
 * today and the payments after it.
 */
export function PriceBreakdown({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const price = priceBreakdown(quote);
  if (!price) return null;
  const rate = Math.round(price.iptRate * 100);
  const payments = paymentsText(t, price);
  return (
    <Card title={t('summary.price.header')}>
      <table className={styles.price}>
        <tbody>
          {price.lines.map((line) => (
            <tr key={`${line.coverGroup}-${line.feature}-${line.tag}`}>
              <th scope="row">{lineLabel(t, line, price)}</th>
              <td>{line.gross < 0 ? `−${formatGBP(-line.gross)}` : formatGBP(line.gross)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('summary.price.net')}</th>
            <td data-testid="price-net">{formatGBP(price.net)}</td>
          </tr>
          <tr>
            <th scope="row">{t('summary.price.ipt', { rate })}</th>
            <td data-testid="price-ipt">{formatGBP(price.ipt)}</td>
          </tr>
          <tr className={styles.total}>
            <th scope="row">{t('summary.price.total')}</th>
            <td data-testid="price-total">{formatGBP(price.total)}</td>
          </tr>
          <tr>
            <th scope="row">{t('summary.price.dueToday')}</th>
            <td data-testid="price-due-today">{formatGBP(price.dueToday)}</td>
          </tr>
        </tbody>
      </table>
      {price.freeMonths > 0 && (
        <p data-testid="price-free-months">{t('summary.price.freeMonths', { count: price.freeMonths })}</p>
      )}
      {price.monthly && price.monthly.payments > 0 && (
        <p className={styles.monthly}>
          {t('summary.price.monthlyValue', { amount: formatGBP(price.monthly.regular) })}
        </p>
      )}
      {payments && (
        <p className={styles.muted} data-testid="price-payments">
          {payments}
        </p>
      )}
      <p className={styles.muted}>{t('summary.price.includesIpt', { rate })}</p>
    </Card>
  );
}
