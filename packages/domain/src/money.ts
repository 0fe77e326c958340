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

/** Insurance premium tax on a net premium (default 12%), rounded half-up. */
export function iptOf(net: Money, rate: number = IPT_RATE): Money {
  return multiplyRate(net, rate);
}

/** Gross (IPT-inclusive) premium from a net premium. */
export function grossFromNet(net: Money, rate: number = IPT_RATE): Money {
  return add(net, iptOf(net, rate));
}

/** Net premium contained in an IPT-inclusive gross; the IPT part is `gross - net` (never loses a penny). */
export function netFromGross(gross: Money, rate: number = IPT_RATE): Money {
  return roundHalfUp(assertPence(gross) / (1 + rate));
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
