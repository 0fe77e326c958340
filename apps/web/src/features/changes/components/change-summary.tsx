import type { Adjustment, ChangePayment, ChangeSide, ChangeSummary } from '@forecourt/contracts/adjustments';
import { formatLondon } from '@forecourt/domain/dates';
import type { TraceEntry } from '@forecourt/domain/rating/types';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { blocks, Collapsible } from '../../../ui/index.ts';
import '../change-texts.ts';
import '../../../forms/disclosure/texts.ts';
import { formatGBP } from '@forecourt/domain/money';
import { gbp } from '../../../lib/policy-readers.ts';
import change from './change.module.css';

/** Whole pounds, as the answers are given: £9,750. */
const pounds = (value: number) => formatGBP(Math.round(value * 100), { trimWholePence: true });
const day = (iso: string) => formatLondon(iso, 'd MMMM yyyy');
export const changeTime = (iso: string) => formatLondon(iso, "HH:mm 'on' EEEE d MMMM yyyy");

const carText = (s: ChangeSide) => [s.vrn, s.car].filter(Boolean).join(' · ');
const driversText = (t: TFunction, s: ChangeSide) =>
  s.drivers
    .map((d) => (d.policyholder ? t('policy.change.policyholder', { name: d.name }) : d.name))
    .join(', ');
const priceText = (t: TFunction, s: ChangeSide) =>
  t(`policy.change.price.${s.per}`, { amount: gbp(s.price) });

/**
 * A change in plain words (issue 28 defect 11, ADR 356): old → new for the car, the drivers by name and the
 * price per payment, then the difference per payment and in all, from the server's summary.
 */
export function ChangeOldNew({ summary }: { summary: ChangeSummary }) {
  const { t } = useTranslation();
  const { before, after } = summary;
  const rows = [
    ['car', (s: ChangeSide) => carText(s)],
    ['drivers', (s: ChangeSide) => driversText(t, s)],
    ['price', (s: ChangeSide) => priceText(t, s)],
  ] as const;
  return (
    <div className={change.oldNew} data-testid="change-old-new">
      <h3 className={blocks.sectionTitle}>{t('policy.change.what')}</h3>
      <dl className={change.pairs}>
        {rows.map(([key, text]) => {
          const was = before ? text(before) : null;
          const now = text(after);
          return (
            <div key={key} className={change.pair} data-row={key} data-changed={was !== now}>
              <dt>{t(`policy.change.${key}`)}</dt>
              <dd>
                {was !== null && was !== now ? (
                  <>
                    <span className={change.was}>
                      <span className={change.visuallyHidden}>{t('policy.change.now')}: </span>
                      {was}
                    </span>
                    <span aria-hidden="true" className={change.arrow}>
                      →
                    </span>
                    <span className={change.now}>
                      <span className={change.visuallyHidden}>{t('policy.change.after')}: </span>
                      {now}
                    </span>
                  </>
                ) : (
                  <span>{now}</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/** The difference per payment and for the rest of the period. */
export function ChangeDifference({ summary }: { summary: ChangeSummary }) {
  const { t } = useTranslation();
  const per = summary.perPayment;
  const period = summary.after.per;
  return (
    <div data-testid="difference">
      <p className={change.lead} data-testid="difference-per-payment">
        {per === null || per === 0
          ? t('policy.change.perPayment.same')
          : t(`policy.change.perPayment.${per > 0 ? 'up' : 'down'}.${period}`, {
              amount: gbp(Math.abs(per)),
            })}
      </p>
      <p data-testid="difference-total">
        {summary.total > 0
          ? t('policy.change.total.more', { amount: gbp(summary.total) })
          : summary.total < 0
            ? t('policy.change.total.less', { amount: gbp(-summary.total) })
            : t('policy.change.total.same')}
      </p>
    </div>
  );
}

/** How the difference is paid, in the server's kind and amounts; `done`: the change is made (the result). */
export function paymentWords(t: TFunction, p: ChangePayment, done = false): string {
  const values = { amount: gbp(p.amount), date: p.on ? day(p.on) : '', days: p.workingDays ?? '' };
  if (p.kind === 'refund') return t(`policy.change.pay.refund.${p.method ?? 'CARD'}`, values);
  if (p.kind === 'card-charge' && done) return t('policy.change.paid.card-charge', values);
  return t(`policy.change.pay.${p.kind}`, values);
}

export function ChangePaymentWords({ payment, done = false }: { payment: ChangePayment; done?: boolean }) {
  const { t } = useTranslation();
  return (
    <p className={change.lead} data-testid="change-payment" data-kind={payment.kind}>
      {paymentWords(t, payment, done)}
    </p>
  );
}

/**
 * When the change applies: now, a later date (the cover stays as it is until then), or, backdated by staff, from an
 * earlier time ("now" would be untrue of a change from 3 July made in November).
 */
export function ChangeWhen({ adjustment }: { adjustment: Pick<Adjustment, 'effectiveAt' | 'createdAt'> }) {
  const { t } = useTranslation();
  const future = isFutureDated(adjustment);
  const backdated = isBackdated(adjustment);
  return (
    <p data-testid="change-when" data-future={future} data-backdated={backdated}>
      {t(
        future
          ? 'policy.change.when.future'
          : backdated
            ? 'policy.change.when.past'
            : 'policy.change.when.now',
        {
          time: changeTime(adjustment.effectiveAt),
        },
      )}
    </p>
  );
}

/** A change dated back: it applies from before the minute it was made (staff backdating, spec 3 §5). */
export const isBackdated = (a: Pick<Adjustment, 'effectiveAt' | 'createdAt'>) =>
  new Date(a.effectiveAt).getTime() < new Date(a.createdAt).getTime() - 60_000;

/** A change dated ahead: it applies later than the moment it was made. */
export const isFutureDated = (a: Pick<Adjustment, 'effectiveAt' | 'createdAt'>) =>
  new Date(a.effectiveAt).getTime() > Math.max(Date.now(), new Date(a.createdAt).getTime());

const shown = (e: TraceEntry | undefined) =>
  e === undefined ? '' : `${String(e.input)}|${e.multiplier ?? ''}|${e.loading ?? ''}`;

/** A factor's name in words, naming a driver by name, not by profile code. */
function factorName(t: TFunction, factor: string, names: Map<string, string>) {
  const [kind = factor, code] = factor.split(':');
  const name = code ? (names.get(code) ?? code) : '';
  if (kind === 'additionalDriver') return t('policy.change.why.driver', { name });
  if (kind === 'claim') return t('policy.change.why.claim', { name });
  if (kind === 'conviction') return t('policy.change.why.conviction', { name });
  return t([`policy.adjust.trace.factor.${kind}`, `policy.change.why.factor.${kind}`, kind]);
}

/** A factor's answer in words: £ for money and values, miles, years, Yes or No, the option's label. */
function factorValue(t: TFunction, factor: string, input: TraceEntry['input']): string {
  const kind = factor.split(':')[0];
  if (input === null || input === undefined) return '';
  switch (kind) {
    case 'vehicleValue':
    case 'voluntaryExcess':
      return pounds(Number(input));
    case 'basePremium':
    case 'minimumPremium':
      return gbp(Number(input));
    case 'insuranceGroup':
      return t('policy.change.why.group', { value: input });
    case 'annualMileage':
      return t('policy.change.why.miles', { value: Number(input).toLocaleString('en-GB') });
    case 'driverAge':
    case 'additionalDriver':
      return t('policy.change.why.age', { count: Number(input) });
    case 'licenceYears':
    case 'noClaimsDiscount':
      return t('policy.change.why.years', { count: Number(input) });
    case 'shortTerm':
      return t('policy.change.why.days', { count: Number(input) });
    case 'trackerFitted':
      return t(input ? 'policy.change.why.yes' : 'policy.change.why.no');
    case 'classOfUse':
      return t([`disclosure.option.usage.${input}`, String(input)]);
    case 'overnightLocation':
      return t([`disclosure.option.overnightLocation.${input}`, String(input)]);
    default:
      return String(input);
  }
}

/** What a factor does to the price, in words: "adds 41%", "takes off 10%". */
function effect(t: TFunction, e: TraceEntry): string {
  if (e.multiplier === undefined || e.multiplier === 1) return '';
  const percent = Math.round(Math.abs(e.multiplier - 1) * 100);
  return t(`policy.change.why.effect.${e.multiplier > 1 ? 'up' : 'down'}`, { percent });
}

function Cell({ entry, factor, label }: { entry: TraceEntry | undefined; factor: string; label: string }) {
  const { t } = useTranslation();
  if (!entry) return <td data-label={label}>{t('policy.change.why.none')}</td>;
  const how = effect(t, entry);
  return (
    <td data-label={label}>
      {factorValue(t, factor, entry.input)}
      {how && <span className={change.effect}> ({how})</span>}
    </td>
  );
}

/**
 * "Why has my price changed?" (issue 28 defect 11): the rating factors that differ between the policy as it is
 * and as it would be, from the rating's own trace, behind a disclosure, in readable words.
 */
export function WhyPriceChanged({
  before,
  after,
  summary,
}: {
  before: TraceEntry[];
  after: TraceEntry[];
  summary?: ChangeSummary | null | undefined;
}) {
  const { t } = useTranslation();
  const old = new Map(before.map((e) => [e.factor, e]));
  const now = new Map(after.map((e) => [e.factor, e]));
  const names = new Map(
    [...(summary?.before?.drivers ?? []), ...(summary?.after.drivers ?? [])].map((d) => [
      d.profileCode,
      d.name,
    ]),
  );
  const factors = [...new Set([...after.map((e) => e.factor), ...before.map((e) => e.factor)])].filter(
    (f) => shown(old.get(f)) !== shown(now.get(f)),
  );
  return (
    <div data-testid="price-trace" className={change.why}>
      <Collapsible title={t('policy.change.why')}>
        {factors.length === 0 ? (
          <p className={blocks.muted}>{t('policy.adjust.trace.none')}</p>
        ) : (
          <>
            <p className={blocks.muted}>{t('policy.change.why.intro')}</p>
            <table className={`${blocks.table} ${blocks.stackedTable}`}>
              <thead>
                <tr>
                  <th scope="col">{t('policy.adjust.trace.factor')}</th>
                  <th scope="col">{t('policy.adjust.trace.before')}</th>
                  <th scope="col">{t('policy.adjust.trace.after')}</th>
                </tr>
              </thead>
              <tbody>
                {factors.map((f) => (
                  <tr key={f} data-factor={f}>
                    <th scope="row">{factorName(t, f, names)}</th>
                    <Cell entry={old.get(f)} factor={f} label={t('policy.adjust.trace.before')} />
                    <Cell entry={now.get(f)} factor={f} label={t('policy.adjust.trace.after')} />
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </Collapsible>
    </div>
  );
}
