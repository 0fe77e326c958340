import type { Quote } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui/index.ts';
import styles from '../checkout.module.css';

const lineLabel = (line: Quote['priceBreakdown'][number]) =>
  line.coverGroup === 'MAIN'
    ? 'summary.price.main'
    : line.coverGroup === 'DISCOUNT'
      ? 'summary.price.discount'
      : `summary.price.cover.${line.feature}`;

/** Price breakdown with Insurance Premium Tax (spec 3 §2 "Summary page", §9: 12% IPT, no fees). */
export function PriceBreakdown({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const totals = quote.totals;
  if (!totals) return null;
  const rate = Math.round(totals.iptRate * 100);
  return (
    <Card title={t('summary.price.header')}>
      <table className={styles.price}>
        <tbody>
          {quote.priceBreakdown.map((line) => (
            <tr key={`${line.coverGroup}-${line.feature}-${line.tag}`}>
              <th scope="row">{t(lineLabel(line))}</th>
              <td>
                {line.coverGroup === 'DISCOUNT'
                  ? `−${formatGBP(Math.abs(line.gross))}`
                  : formatGBP(line.gross)}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('summary.price.net')}</th>
            <td>{formatGBP(totals.net)}</td>
          </tr>
          <tr>
            <th scope="row">{t('summary.price.ipt', { rate })}</th>
            <td>{formatGBP(totals.ipt)}</td>
          </tr>
          <tr className={styles.total}>
            <th scope="row">{t('summary.price.total')}</th>
            <td data-testid="price-total">{formatGBP(totals.discountedPrice)}</td>
          </tr>
        </tbody>
      </table>
      {totals.monthly && (
        <p className={styles.monthly}>
          {t('summary.price.monthlyValue', { amount: formatGBP(totals.monthly.regular) })}
          {totals.monthly.first !== totals.monthly.regular && (
            <span className={styles.muted}>
              {' '}
              · {t('summary.price.firstMonth')} {formatGBP(totals.monthly.first)}
            </span>
          )}
        </p>
      )}
      {totals.freeMonths > 0 && <p>{t('summary.price.freeMonths', { count: totals.freeMonths })}</p>}
      <p className={styles.muted}>{t('summary.price.includesIpt', { rate })}</p>
    </Card>
  );
}
