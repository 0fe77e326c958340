import { quoteDocumentPath } from '@forecourt/contracts/documents';
import type { Policy } from '@forecourt/contracts/policies';
import type { Proposal, Quote } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { formatRegistrationMark } from '@forecourt/domain/patterns';
import { priceBreakdown } from '@forecourt/domain/rating/price';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../../lib/config.tsx';
import { Button, Card, Notification } from '../../../ui/index.ts';
import { useChangeRenewal } from '../api/renewal.ts';
import styles from '../renewal.module.css';
import { renewalDay } from '../renewal-day.ts';
import { sectionTitle, useRenewalSections } from './renewal-sections.ts';

type Data = {
  asset?: { annualMileage?: number; overnightLocation?: string; specification?: Record<string, unknown> };
  profiles?: {
    profileCode: string;
    policyholder?: boolean;
    data?: { firstName?: string; lastName?: string };
  }[];
  quote?: { voluntaryExcess?: number };
};

/** A price as the page shows it: the monthly payment of a subscription, else the year's total. */
function usePrice() {
  const { t } = useTranslation();
  return (quote: Quote | null | undefined) => {
    const b = quote ? priceBreakdown(quote) : null;
    if (!b) return '—';
    return b.monthly
      ? t('renewal.terms.monthly', { amount: formatGBP(b.monthly.regular) })
      : t('renewal.terms.yearly', { amount: formatGBP(b.total) });
  };
}

/**
 * The renewal quote (spec 3 §2 Renewal): updated terms (this year's price beside last year's), each renewal
 * section (what we have on record), optional covers, voluntary excess, documents and the opt-out link.
 */
export function RenewalQuote({
  proposal,
  policy,
  root,
}: {
  proposal: Proposal;
  policy: Policy;
  root: string;
}) {
  const { t } = useTranslation();
  const { productConfig } = useConfig();
  const change = useChangeRenewal(proposal.proposalCode);
  const sections = useRenewalSections(proposal);
  const price = usePrice();
  const quote = proposal.quote;
  const previous = (proposal.sourcePolicy?.quote ?? null) as Quote | null;
  const data = proposal.data as Data;
  const bound = proposal.status === 'POLICY';
  const spec = data.asset?.specification ?? {};
  const car = ['make', 'model', 'trim']
    .map((k) => spec[k])
    .filter((x) => typeof x === 'string')
    .join(' ');
  const excess = quote?.voluntaryExcess ?? data.quote?.voluntaryExcess ?? 0;
  const excessOptions = productConfig.excess.voluntaryExcess;
  return (
    <div className={styles.grid} data-testid="renewal-quote">
      <Card title={t('renewal.terms.header')}>
        <dl className={styles.prices}>
          <div>
            <dt>{t('renewal.terms.thisYear')}</dt>
            <dd data-price="this-year">{price(quote)}</dd>
          </div>
          <div>
            <dt>{t('renewal.terms.lastYear')}</dt>
            <dd data-price="last-year" className={styles.muted}>
              {price(previous)}
            </dd>
          </div>
          <div>
            <dt>{t('renewal.terms.starts')}</dt>
            <dd>{renewalDay(policy.policyDetail.expiredAt)}</dd>
          </div>
        </dl>
        <p className={styles.muted}>{t('renewal.terms.fair')}</p>
        <p className={styles.muted}>{t('renewal.terms.ipt')}</p>
      </Card>
      <Card title={t('renewal.sections.header')} level={3}>
        <ul className={styles.list}>
          <li className={styles.row}>
            <strong>{t('renewal.sections.car')}</strong>
            <span>
              {quote?.vrn ? `${formatRegistrationMark(quote.vrn)} · ` : ''}
              {car}
            </span>
          </li>
          <li className={styles.row}>
            <strong>{t('renewal.sections.drivers')}</strong>
            <span>
              {(data.profiles ?? [])
                .map((p) => [p.data?.firstName, p.data?.lastName].filter(Boolean).join(' ') || p.profileCode)
                .join(', ')}
            </span>
          </li>
          <li className={styles.row}>
            <strong>{t('renewal.sections.usage')}</strong>
            <span>
              {t('renewal.sections.usageValue', {
                miles: (data.asset?.annualMileage ?? 0).toLocaleString('en-GB'),
                location: data.asset?.overnightLocation ?? '',
              })}
            </span>
          </li>
        </ul>
        {!bound && proposal.status === 'QUOTE' && sections.length > 0 && (
          <>
            <p className={styles.muted}>{t('renewal.sections.check')}</p>
            <h4 className={styles.subheading}>{t('renewal.sections.review')}</h4>
            <ul className={styles.list} data-testid="renewal-sections">
              {sections.map((s) => (
                <li key={s.id} className={styles.row} data-section={s.id}>
                  <span>{t(sectionTitle(s))}</span>
                  <Link
                    className={styles.link}
                    to={`${root}/disclosure/section/${s.id}`}
                    aria-label={`${t('renewal.sections.change')} ${t(sectionTitle(s))}`}
                  >
                    {t('renewal.sections.change')}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
      <Card title={t('renewal.covers.header')} level={3}>
        <ul className={styles.list}>
          {(quote?.optionalCovers ?? []).map((c) => (
            <li key={c.code} className={styles.row} data-cover={c.code} data-active={c.active === true}>
              <span>
                <strong>{t(`renewal.covers.${c.code}`, c.code)}</strong>
                {c.premium !== null && (
                  <span className={styles.muted}>
                    {' '}
                    · {t('renewal.covers.price', { amount: formatGBP(c.premium) })}
                  </span>
                )}
              </span>
              {!c.available ? (
                <span className={styles.muted}>{t('renewal.covers.notAvailable')}</span>
              ) : (
                <Button
                  variant={c.active ? 'secondary' : 'primary'}
                  disabled={bound}
                  loading={
                    change.isPending && change.variables?.changes[0]?.changeType !== 'SELECT_VOLUNTARY_EXCESS'
                  }
                  aria-label={`${t(c.active ? 'renewal.covers.remove' : 'renewal.covers.add')} ${t(`renewal.covers.${c.code}`, c.code)}`}
                  onClick={() =>
                    change.mutate({
                      changes: [{ changeType: c.active ? 'REMOVE_COVER' : 'ADD_COVER', coverCode: c.code }],
                    })
                  }
                >
                  {t(c.active ? 'renewal.covers.remove' : 'renewal.covers.add')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </Card>
      {productConfig.excess.isAdjustable && (
        <Card title={t('renewal.excess.header')} level={3}>
          <p className={styles.muted}>{t('renewal.excess.hint')}</p>
          <div className={styles.excess} role="radiogroup" aria-label={t('renewal.excess.header')}>
            {excessOptions.map((pounds) => (
              <label key={pounds} className={styles.excessOption}>
                <input
                  type="radio"
                  name="renewalExcess"
                  checked={excess === pounds}
                  disabled={bound || change.isPending}
                  onChange={() =>
                    excess !== pounds &&
                    change.mutate({ changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: pounds }] })
                  }
                />
                {t('renewal.excess.option', { amount: pounds })}
              </label>
            ))}
          </div>
        </Card>
      )}
      {change.isError && <Notification variant="critical">{t('renewal.changeFailed')}</Notification>}
      <Card title={t('renewal.documents.header')} level={3}>
        <ul className={styles.list}>
          {(['ipid', 'policy-wording', 'business-terms'] as const).map((id) => (
            <li key={id}>
              <a
                className={styles.link}
                href={quoteDocumentPath(
                  { wordingVersion: quote?.wordingVersion ?? '', mainInsurer: quote?.mainInsurer ?? '' },
                  id,
                )}
                target="_blank"
                rel="noreferrer"
              >
                {t(`renewal.documents.${id}`)}
              </a>
            </li>
          ))}
        </ul>
      </Card>
      {!bound && (
        <p>
          <Link className={styles.link} to={`${root}/opt-out`} data-testid="opt-out-link">
            {t('renewal.optOut.link')}
          </Link>
        </p>
      )}
    </div>
  );
}
