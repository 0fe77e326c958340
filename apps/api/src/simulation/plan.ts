/**
 * A life's operations, drawn from its seed (ADR 343). A life is a purchase and then operations on given days
 * after it; the simulation runs every day between them. The list is data, so the shrinker can drop operations
 * and run the life again.
 */

import type { Rng } from './rng.ts';
import type { Brand } from './world.ts';

export type Product = 'SUBSCRIPTION' | 'ANNUAL' | 'DRIVEAWAY';

export interface BuyOp {
  kind: 'buy';
  brand: Brand;
  schemeCode: string;
  product: Product;
  /** The purchase instant (UTC ISO). */
  at: string;
  /** Cover starts this many London days after the purchase day (0: at once). */
  startInDays: number;
  /**
   * 'tok_visa', 'tok_laterInsufficientFunds' (pays at checkout, then every off-session charge fails) or
   * 'tok_refundFail' (pays, but every refund to it fails a working day later, ADR 406).
   */
  cardToken: string;
  paidBy: 'card' | 'direct-debit';
}

export type LifeOp =
  /** A change by the customer, at once. `up`: a cover added (dearer); otherwise one removed (cheaper). */
  | { kind: 'change'; day: number; up: boolean; by: 'customer' }
  /** A change by staff, effective `shiftDays` from now (negative: backdated, not before inception). */
  | { kind: 'change'; day: number; up: boolean; by: 'staff'; shiftDays: number }
  /** The customer cancels at once, or from `inDays` ahead. */
  | { kind: 'cancel'; day: number; inDays: number }
  | { kind: 'void'; day: number }
  | { kind: 'ntu'; day: number }
  /** The saved card (or the Direct Debit bank account) starts failing, or works again. */
  | { kind: 'card'; day: number; fails: boolean }
  /** The customer pays what is owed on the hosted page / staff take it by phone. */
  | { kind: 'settle'; day: number; by: 'page' | 'phone' }
  /** The billing run is run twice on that day (a retried job). */
  | { kind: 'rerun'; day: number }
  | { kind: 'paymentDay'; day: number; paymentDay: number }
  | { kind: 'optOut'; day: number; back: boolean }
  | { kind: 'claim'; day: number }
  /** The billing run does not run for `days` days from `day` (a job worker down): the next run catches up. */
  | { kind: 'down'; day: number; days: number }
  /** The customer's bank takes back the last Direct Debit it collected (a Direct Debit Guarantee claim, ADR 384). */
  | { kind: 'chargeBack'; day: number }
  /** The customer's bank cancels its last charge back (GoCardless `chargeback_cancelled`, ADR 390). */
  | { kind: 'cancelChargeBack'; day: number }
  /** The cardholder disputes the last card payment, and the issuer takes it back (ADR 392). */
  | { kind: 'dispute'; day: number }
  /** That dispute is decided for the insurer: the issuer gives the money back (ADR 392). */
  | { kind: 'disputeWon'; day: number };

export interface LifePlan {
  seed: number;
  buy: BuyOp;
  ops: LifeOp[];
  /** Days simulated after the purchase. */
  days: number;
}

const SCHEMES: Record<Brand, { code: string; product: Product; termDays?: number }[]> = {
  forecourt: [{ code: 'FCMOTOR1', product: 'SUBSCRIPTION' }],
  motorhub: [
    { code: 'MHMOTOR1', product: 'SUBSCRIPTION' },
    { code: 'MHANNUAL1', product: 'ANNUAL' },
    { code: 'MHDRIVE1', product: 'DRIVEAWAY', termDays: 1 },
    { code: 'MHDRIVE7', product: 'DRIVEAWAY', termDays: 7 },
    { code: 'MHDRIVE28', product: 'DRIVEAWAY', termDays: 28 },
  ],
};

const DAY = 86_400_000;

/** A purchase instant: any day of 2027, often the 28th–31st, sometimes London midnight in summer. */
function purchaseAt(r: Rng): string {
  const month = r.int(0, 11);
  const day = r.chance(0.4) ? r.int(28, 31) : r.int(1, 28);
  const base = Date.UTC(2027, month, 1) + (day - 1) * DAY;
  // Summer London midnight is 23:00 UTC the day before; otherwise a time in the day.
  const inSummer = month >= 3 && month <= 8;
  const at =
    inSummer && r.chance(0.3) ? base - 3_600_000 : base + r.int(7, 21) * 3_600_000 + r.int(0, 59) * 60_000;
  return new Date(at).toISOString();
}

export function drawLife(r: Rng, seed: number): LifePlan {
  const brand: Brand = r.chance(0.5) ? 'forecourt' : 'motorhub';
  const scheme = r.pick(SCHEMES[brand]);
  const paidInFull = scheme.product !== 'SUBSCRIPTION';
  const buy: BuyOp = {
    kind: 'buy',
    brand,
    schemeCode: scheme.code,
    product: scheme.product,
    at: purchaseAt(r),
    startInDays: r.chance(0.6) ? 0 : r.int(1, 20),
    cardToken: !paidInFull && r.chance(0.15) ? 'tok_laterInsufficientFunds' : 'tok_visa',
    paidBy: !paidInFull && r.chance(0.3) ? 'direct-debit' : 'card',
  };
  const days = scheme.termDays
    ? scheme.termDays + buy.startInDays + 3
    : r.chance(0.08)
      ? 380 + buy.startInDays
      : r.int(15, 75) + buy.startInDays;
  const ops: LifeOp[] = [];
  const n = r.int(0, 5);
  for (let i = 0; i < n; i++) {
    const day = r.int(0, days - 1);
    const roll = r.next();
    if (roll < 0.3) ops.push({ kind: 'change', day, up: r.chance(0.5), by: 'customer' });
    else if (roll < 0.5)
      ops.push({ kind: 'change', day, up: r.chance(0.5), by: 'staff', shiftDays: r.int(-20, 20) });
    else if (roll < 0.6) ops.push({ kind: 'cancel', day, inDays: r.chance(0.6) ? 0 : r.int(1, 20) });
    else if (roll < 0.65) ops.push({ kind: r.chance(0.5) ? 'void' : 'ntu', day: r.int(0, 10) });
    else if (roll < 0.75 && !paidInFull) ops.push({ kind: 'card', day, fails: r.chance(0.6) });
    else if (roll < 0.78 && days > 300) ops.push({ kind: 'optOut', day, back: r.chance(0.4) });
    else if (roll < 0.82 && !paidInFull)
      ops.push({ kind: 'settle', day, by: r.chance(0.5) ? 'page' : 'phone' });
    else if (roll < 0.9) ops.push({ kind: 'rerun', day });
    else if (roll < 0.95 && !paidInFull && brand === 'motorhub')
      ops.push({ kind: 'paymentDay', day, paymentDay: r.int(1, 28) });
    else ops.push({ kind: 'claim', day });
  }
  // Drawn last, so the operations above stay what each seed gave before. A long life's outage is often around
  // the anniversary (the run down across the expiry and the renewal's start).
  if (!scheme.termDays && r.chance(days > 300 ? 0.5 : 0.15)) {
    // Often across an end (the run down while a cancellation takes effect), or across the anniversary.
    const end = ops.find((op): op is Extract<LifeOp, { kind: 'cancel' }> => op.kind === 'cancel');
    const near = days > 300 && r.chance(0.6);
    const day =
      end && r.chance(0.6)
        ? Math.max(1, end.day + end.inDays - r.int(0, 3))
        : near
          ? Math.min(days - 1, 360 + buy.startInDays + r.int(0, 8))
          : r.int(1, days - 1);
    ops.push({ kind: 'down', day, days: r.int(1, 10) });
  }
  // A void found out later, on or a day or two after a monthly payment date, on an account paying by Direct
  // Debit: the month's statement is raised on its payment date and its debit charged after the Bacs notice, so
  // the debit is often on its way, not yet submitted (the billing run then cancels it, ADR 378). Drawn after the
  // outage, so everything above stays what each seed gave before.
  const nearPaymentDate = () => {
    const months = Math.max(1, Math.floor((days - buy.startInDays) / 30.44) - 1);
    const day = buy.startInDays + Math.round(r.int(1, months) * 30.44) + r.int(0, 2);
    return Math.min(days - 1, Math.max(1, day));
  };
  if (buy.paidBy === 'direct-debit' && days > 45 && r.chance(0.5))
    ops.push({ kind: 'void', day: nearPaymentDate() });
  // A cancellation on, or a day or two after, a monthly payment date of an account paying by Direct Debit: its
  // credit lowers what the month's statement asks for while the debit is often still on its way, so the billing
  // run cancels it and makes it again for what is owed (ADR 382). Drawn last, so everything above stays as it was.
  if (buy.paidBy === 'direct-debit' && days > 45 && r.chance(0.5))
    ops.push({ kind: 'cancel', day: nearPaymentDate(), inDays: 0 });
  // A Direct Debit charged back by the customer's bank (ADR 384), five to twenty-six days after a payment date,
  // when the month's debit has often been collected. The suspension it brings (eight days) often spans the next
  // payment date, whose days on cover are billed when cover ends for non-payment (ADR 388). Drawn last, so
  // everything above stays as it was.
  if (buy.paidBy === 'direct-debit' && days > 45 && r.chance(0.35)) {
    const day = Math.min(days - 1, nearPaymentDate() + r.int(5, 26));
    ops.push({ kind: 'chargeBack', day });
    // The bank cancels it a day to a fortnight later (ADR 390): before the notice runs out or after the policy
    // was cancelled for non-payment, and often after the customer paid the amount again. Drawn last.
    if (r.chance(0.4)) ops.push({ kind: 'cancelChargeBack', day: Math.min(days - 1, day + r.int(1, 14)) });
  }
  // A card payment disputed by the cardholder (ADR 392): the last one taken by then (the purchase's, a month's, a
  // change's or a balance's), whose money the issuer takes back at once; decided for the insurer in two of five,
  // a day to a month later. Drawn last, so everything above stays as it was.
  if (buy.paidBy === 'card' && days > 20 && r.chance(0.2)) {
    const day = r.int(2, days - 1);
    ops.push({ kind: 'dispute', day });
    if (r.chance(0.4)) ops.push({ kind: 'disputeWon', day: Math.min(days - 1, day + r.int(1, 30)) });
  }
  // A change made by staff in the term's last weeks, after its last statement (the customer may not change a
  // policy this near its renewal): its journal waits on a draft no statement will raise, and the term's end
  // closes the account with it (ADR 393). Drawn last, so everything above stays as it was.
  if (days > 300 && r.chance(0.3))
    ops.push({
      kind: 'change',
      day: buy.startInDays + r.int(337, 362),
      up: r.chance(0.5),
      by: 'staff',
      shiftDays: 0,
    });
  // A card whose refunds fail a working day after they are made (ADR 406; Stripe's 4000 0000 0000 5126), for one
  // card-paid life in ten that pays with the good card: every refund to it (a cancellation's, a change's, a
  // surplus's) comes back, and the account holds the money again. Drawn last, so everything above stays as it was.
  if (buy.paidBy === 'card' && buy.cardToken === 'tok_visa' && r.chance(0.1))
    buy.cardToken = 'tok_refundFail';
  ops.sort((a, b) => a.day - b.day);
  return { seed, buy, ops, days };
}

/** One line per operation, for a breach report. */
export function describeOp(op: BuyOp | LifeOp): string {
  if (op.kind === 'buy')
    return `buy ${op.brand} ${op.schemeCode} at ${op.at} start +${op.startInDays}d ${op.paidBy === 'card' ? `card ${op.cardToken}` : 'by Direct Debit'}`;
  const { kind, day, ...rest } = op;
  const extra = Object.entries(rest)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  return `day ${day}: ${kind}${extra ? ` ${extra}` : ''}`;
}
