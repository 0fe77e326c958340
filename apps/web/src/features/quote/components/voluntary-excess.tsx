import type { Quote } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { useTranslation } from 'react-i18next';
import styles from './quote-components.module.css';

/** Voluntary excess in 4 columns; a choice equal to the current one sends nothing (spec 3 §4, §9). */
export function VoluntaryExcess(props: {
  quote: Quote;
  options: number[];
  onChange: (excess: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.section}>
      <fieldset
        className={styles.excess}
        disabled={props.disabled}
        style={{ border: 0, padding: 0, margin: 0 }}
      >
        <legend className={styles.ipt}>{t('quote.excess.legend')}</legend>
        {props.options.map((pounds) => (
          <label key={pounds} className={styles.excessOption}>
            <input
              type="radio"
              name="voluntaryExcess"
              value={pounds}
              checked={props.quote.voluntaryExcess === pounds}
              onChange={() => {
                if (props.quote.voluntaryExcess !== pounds) props.onChange(pounds);
              }}
            />
            {formatGBP(pounds * 100, { trimWholePence: true })}
          </label>
        ))}
      </fieldset>
      {props.quote.excessLines.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('quote.excess.kind')}</th>
                <th scope="col">{t('quote.excess.compulsory')}</th>
                <th scope="col">{t('quote.excess.voluntary')}</th>
                <th scope="col">{t('quote.excess.total')}</th>
              </tr>
            </thead>
            <tbody>
              {props.quote.excessLines.map((line) => (
                <tr key={line.kind}>
                  <td>{t(`quote.excess.kind.${line.kind}`, { defaultValue: line.kind })}</td>
                  <td>
                    {formatGBP(line.compulsory + line.young + line.inexperienced, { trimWholePence: true })}
                  </td>
                  <td>{formatGBP(line.voluntary, { trimWholePence: true })}</td>
                  <td>{formatGBP(line.total, { trimWholePence: true })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
