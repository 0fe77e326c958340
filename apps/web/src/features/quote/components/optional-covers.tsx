import type { Quote } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/index.ts';
import styles from './quote-components.module.css';

/** Optional covers with their monthly price; add or remove issues a change (spec 3 §4 "Optional covers"). */
export function OptionalCovers(props: {
  quote: Quote;
  onChange: (code: string, selected: boolean) => void;
  busy?: boolean;
  mode?: 'toggle' | 'decide';
}) {
  const { t } = useTranslation();
  const covers = props.quote.optionalCovers.filter((c) => c.available);
  if (covers.length === 0) return <p className={styles.ipt}>{t('quote.covers.none')}</p>;
  return (
    <div className={styles.section}>
      {covers.map((c) => {
        const option = c.priceOptions[0];
        const price = option?.monthly ?? option?.gross ?? c.premium;
        return (
          <div key={c.code} className={styles.cover} data-cover={c.code} data-active={String(c.active)}>
            <div>
              <h3>{t(`quote.covers.${c.code}.name`)}</h3>
              <p>{t(`quote.covers.${c.code}.description`)}</p>
              {price !== null && price !== undefined && (
                <p>
                  <strong>
                    {t(option?.monthly ? 'quote.covers.pricePerMonth' : 'quote.covers.price', {
                      amount: formatGBP(price),
                    })}
                  </strong>
                </p>
              )}
            </div>
            {props.mode === 'decide' ? (
              <span className={styles.startDate}>
                <Button
                  variant={c.active === true ? 'primary' : 'secondary'}
                  layout="small"
                  disabled={props.busy}
                  aria-pressed={c.active === true}
                  onClick={() => props.onChange(c.code, true)}
                >
                  {t('quote.covers.yes')}
                </Button>
                <Button
                  variant={c.active === false ? 'primary' : 'secondary'}
                  layout="small"
                  disabled={props.busy}
                  aria-pressed={c.active === false}
                  onClick={() => props.onChange(c.code, false)}
                >
                  {t('quote.covers.no')}
                </Button>
              </span>
            ) : (
              <Button
                variant={c.active ? 'secondary' : 'primary'}
                layout="small"
                disabled={props.busy}
                onClick={() => props.onChange(c.code, !c.active)}
              >
                {t(c.active ? 'quote.covers.remove' : 'quote.covers.add')}
              </Button>
            )}
          </div>
        );
      })}
    </div>
  );
}
