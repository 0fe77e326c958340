/**
 * Money in integer minor units (pence). Rounding rule: half-up, i.e. half a penny rounds away from zero
 * (£0.005 → 1p, -£0.005 → -1p), applied once per multiplication; see ADR 031.
 */
import { CURRENCY, IPT_RATE, LOCALE, MINOR_UNITS_PER_POUND } from './constants.ts';

/** An amount in pence; always a safe integer. */
export type Money = number;

export class MoneyError extends RangeError {
  override name = 'MoneyError';
}

function assertPence(value: number, label = 'amount'): Money {
  if (!Number.isSafeInteger(value))
    throw new MoneyError(`${label} must be a whole number of pence, got ${value}`);
  return value;
}

/** An amount of pence; rejects fractions of a penny, NaN and infinities. */
export function pence(value: number): Money {
  return assertPence(value);
}

/** Pounds to pence: pounds(12.34) = 1234. Rejects fractions of a penny (12.345) and non-finite values. */
export function pounds(value: number): Money {
  if (!Number.isFinite(value)) throw new MoneyError(`pounds must be finite, got ${value}`);
  const scaled = value * MINOR_UNITS_PER_POUND;
  const whole = Math.round(scaled);
  if (Math.abs(scaled - whole) > 1e-6) throw new MoneyError(`${value} has a fraction of a penny`);
  return assertPence(whole === 0 ? 0 : whole);
}

/** Pence to pounds for display or for comparison against pound thresholds. */
export function toPounds(amount: Money): number {
  return assertPence(amount) / MINOR_UNITS_PER_POUND;
}

export function add(...amounts: Money[]): Money {
  return assertPence(amounts.reduce((sum, a) => sum + assertPence(a), 0));
}

export function sub(a: Money, b: Money): Money {
  return assertPence(assertPence(a) - assertPence(b));
}

/** Round a (possibly fractional) pence value half-up (away from zero), ignoring float noise. */
export function roundHalfUp(value: number): Money {
  const abs = Math.abs(value);
  const clean = abs < 1e9 ? Math.round(abs * 1e6) / 1e6 : abs; // scaling larger values would lose precision
  const rounded = Math.sign(value) * Math.floor(clean + 0.5);
  return assertPence(rounded === 0 ? 0 : rounded);
}

/**
 * The one pro-rata rule (issue 26, ADR 344): the part `days` of `periodDays` of a signed amount (positive: the
 * customer owes it; negative: a credit to them), rounded DOWN to the penny. A charge is therefore never rounded
 * up against the customer and a credit never rounded down against them: every penny of rounding goes the
 * customer's way. Changes, payment-day journals, statement parts and cancellation refunds all use it.
 */
export function proRataPence(amount: Money, days: number, periodDays: number): Money {
  assertPence(amount);
  if (!Number.isInteger(days) || !Number.isInteger(periodDays) || periodDays <= 0)
    throw new MoneyError(`pro-rata needs whole days over a period of days, got ${days}/${periodDays}`);
  if (days <= 0) return 0;
  if (days >= periodDays) return amount;
  return dayPricedPence(amount * days, periodDays);
}

/**
 * The same rule for a sum of day prices: `dayPence` is the sum, over the days charged, of each day's
 * period price (a change's difference against the version in force that day), over the period's days, rounded
 * DOWN to the penny (never against the customer).
 */
export function dayPricedPence(dayPence: number, periodDays: number): Money {
  if (!Number.isSafeInteger(dayPence) || !Number.isInteger(periodDays) || periodDays <= 0)
    throw new MoneyError(`day pricing needs whole pence over whole days, got ${dayPence}/${periodDays}`);
  // The sum is an exact integer; the division is correctly rounded, so floor is exact at these sizes.
  const part = Math.floor(dayPence / periodDays);
  return part === 0 ? 0 : part;
}

/** pence × rate, rounded half-up to a whole penny. */
export function multiplyRate(amount: Money, rate: number): Money {
  if (!Number.isFinite(rate)) throw new MoneyError(`rate must be finite, got ${rate}`);
  return roundHalfUp(assertPence(amount) * rate);
}

/**
 * Split `total` in proportion to `ratios` without losing a penny (largest-remainder method; ties go to
 * the earlier share). The shares always sum to `total`.
 */
export function allocate(total: Money, ratios: readonly number[]): Money[] {
  assertPence(total, 'total');
  if (ratios.length === 0) throw new MoneyError('allocate needs at least one ratio');
  if (ratios.some((r) => !Number.isFinite(r) || r < 0))
    throw new MoneyError('ratios must be finite and >= 0');
  const weight = ratios.reduce((s, r) => s + r, 0);
  if (weight <= 0) throw new MoneyError('ratios must not all be zero');
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  const exact = ratios.map((r) => (abs * r) / weight);
  const shares = exact.map((e) => Math.floor(e + 1e-9));
  let left = abs - shares.reduce((s, x) => s + x, 0);
  const order = exact
    .map((e, i) => ({ i, rem: e - Math.floor(e + 1e-9) }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares.map((s) => (s === 0 ? 0 : sign * s));
}

/** A tax rate (0.12) in basis points (1200): the unit pricing works in, so IPT is integer arithmetic. */
export function basisPoints(rate: number): number {
  if (!Number.isFinite(rate) || rate < 0) throw new MoneyError(`rate must be finite and >= 0, got ${rate}`);
  return Math.round(rate * 10_000);
}

/** IPT on a net amount, half-up to the penny, from the rate in basis points (integer arithmetic). */
export function iptOn(net: number, basisPoints: number): number {
  const sign = net < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(net) * basisPoints + 5_000) / 10_000);
}

/**
 * Premium lines with IPT: the total IPT is exactly the rate on the total net (half-up), and the lines'
 * IPT add up to it (floors, then the remaining pennies to the largest remainders).
 */
export function withIpt<L extends { net: number }>(
  lines: L[],
  basisPoints: number,
): { lines: (L & { ipt: number; gross: number })[]; net: number; ipt: number } {
  let net = 0;
  for (const l of lines) net += l.net;
  const ipt = iptOn(net, basisPoints);
  const priced: (L & { ipt: number; gross: number })[] = [];
  let left = ipt;
  for (const l of lines) {
    const floor = Math.floor((l.net * basisPoints) / 10_000);
    left -= floor;
    priced.push({ ...l, ipt: floor, gross: l.net + floor });
  }
  // The remaining pennies go to the lines with the largest remainders (few lines: pick repeatedly).
  let taken = 0; // bit mask of lines already given a penny
  while (left > 0 && taken !== (1 << priced.length) - 1) {
    let best = -1;
    let bestRem = -1;
    for (let i = 0; i < priced.length; i++) {
      const rem = (priced[i]!.net * basisPoints) % 10_000;
      if ((taken & (1 << i)) === 0 && rem > bestRem) {
        best = i;
        bestRem = rem;
      }
    }
    taken |= 1 << best;
    const line = priced[best]!;
    line.ipt += 1;
    line.gross += 1;
    left--;
  }
  return { lines: priced, net, ipt };
}

/** Insurance premium tax on a net premium (default 12%), rounded half-up: `iptOn` at the rate. */
export function iptOf(net: Money, rate: number = IPT_RATE): Money {
  return assertPence(iptOn(assertPence(net), basisPoints(rate)));
}

/** Gross (IPT-inclusive) premium from a net premium. */
export function grossFromNet(net: Money, rate: number = IPT_RATE): Money {
  return add(net, iptOf(net, rate));
}

/** Net premium contained in an IPT-inclusive gross; the IPT part is `gross - net` (never loses a penny). */
export function netFromGross(gross: Money, rate: number = IPT_RATE): Money {
  return roundHalfUp(assertPence(gross) / (1 + rate));
}

/**
 * The insurance premium tax inside an IPT-inclusive amount (a sum of premium lines), rounded half-up in integer
 * arithmetic: gross × rate ÷ (1 + rate). The ledger allocates its lines' tax by it (ADR 344); for a gross priced
 * from a net (a quote) it is the quote's own tax.
 */
export function iptInGross(gross: Money, rate: number = IPT_RATE): Money {
  const bp = basisPoints(rate);
  const sign = gross < 0 ? -1 : 1;
  const tax = Math.floor((Math.abs(assertPence(gross)) * bp * 2 + (10_000 + bp)) / (2 * (10_000 + bp)));
  return tax === 0 ? 0 : sign * tax;
}

/** Split an IPT-inclusive premium into its net and tax parts; net + ipt === gross. */
export function splitGross(gross: Money, rate: number = IPT_RATE): { net: Money; ipt: Money } {
  const net = netFromGross(gross, rate);
  return { net, ipt: sub(gross, net) };
}

const GBP = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
const GBP_WHOLE = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  maximumFractionDigits: 0,
});

/** '£1,234.56' (en-GB). With `trimWholePence`, whole-pound amounts drop '.00' ('£100'). */
export function formatGBP(amount: Money, options: { trimWholePence?: boolean } = {}): string {
  assertPence(amount);
  const value = amount / MINOR_UNITS_PER_POUND;
  if (options.trimWholePence && amount % MINOR_UNITS_PER_POUND === 0) return GBP_WHOLE.format(value);
  return GBP.format(value);
}

export interface InstalmentPlan {
  first: Money;
  regular: Money;
  instalments: Money[];
}

/** Spread an annual premium over monthly instalments, no interest; remainder pennies go on the first. */
export function monthlyFromAnnual(annual: Money, months = 12): InstalmentPlan {
  assertPence(annual, 'annual');
  if (!Number.isInteger(months) || months < 1) throw new MoneyError(`months must be a positive integer`);
  const regular = Math.trunc(annual / months);
  const first = annual - regular * (months - 1);
  const instalments = [first, ...Array.from({ length: months - 1 }, () => regular)];
  return { first, regular, instalments };
}
