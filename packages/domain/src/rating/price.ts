import { iptOn, monthlyFromAnnual, basisPoints as toBasisPoints } from '../money.ts';
import type { PriceLine, Totals } from './types.ts';

/** 12 monthly payments of annual/12 with no interest; the remainder pennies go on the first. */
export function monthlyOf(gross: number): { first: number; regular: number; count: number } {
  const { first, regular } = monthlyFromAnnual(gross, 12);
  return { first, regular, count: 12 };
}

/** Months in a policy year: a promotion gives up to all of them free. */
export const MONTHS_IN_YEAR = 12;

/** Net, tax and gross of one figure: net + ipt = gross. */
export interface PriceFigures {
  net: number;
  ipt: number;
  gross: number;
}

/**
 * The one price breakdown every page, e-mail and document shows (ADR 175). Money in pence.
 * - `lines`: the cover lines (MAIN, OPTIONAL) and, under a promotion, a DISCOUNT line (negative): they add
 *   up to `net`, `ipt` and `total`.
 * - `net` is the premium before tax after the promotion, `ipt` the tax on it (half-up), `total = net + ipt`.
 * - `monthly` (subscriptions): `freeMonths` months at £0, then `payments` instalments of the total, the
 *   remainder pennies on the first paid one: `first + regular × (payments − 1) = total`.
 * - `dueToday`: what checkout takes today: the first month's instalment (£0 when it is free) or the total.
 */
export interface PriceBreakdown {
  lines: PriceLine[];
  beforeDiscount: PriceFigures;
  /** The promotion's discount as positive amounts (0 without one). */
  discount: PriceFigures;
  net: number;
  ipt: number;
  total: number;
  iptRate: number;
  freeMonths: number;
  promoCode: string | null;
  monthly: {
    /** Instalments charged after the free months. */
    payments: number;
    first: number;
    regular: number;
    /** The 12 months of the year: 0 in a free month. */
    schedule: number[];
  } | null;
  dueToday: number;
}

/**
 * Prices cover lines (already carrying their IPT, e.g. from `withIpt`) with a free-months promotion: the
 * discount is `freeMonths` twelfths of the net premium (half-up to the penny), IPT is charged on the discounted net, and the total is spread over the months that are paid.
 */
export function breakdownOf(
  coverLines: readonly PriceLine[],
  o: { iptRate: number; freeMonths: number; monthly: boolean; promoCode?: string | null },
): PriceBreakdown {
  const bp = toBasisPoints(o.iptRate);
  const lines = coverLines.filter((l) => l.coverGroup !== 'DISCOUNT').map((l) => ({ ...l }));
  const before = { net: 0, ipt: 0, gross: 0 };
  for (const l of lines) {
    before.net += l.net;
    before.ipt += l.ipt;
    before.gross += l.gross;
  }
  const freeMonths = Math.max(0, Math.min(MONTHS_IN_YEAR, Math.trunc(o.freeMonths)));
  // freeMonths twelfths of the net premium, half-up to the penny (integer arithmetic, ADR 031).
  const discountNet = Math.floor((before.net * freeMonths + MONTHS_IN_YEAR / 2) / MONTHS_IN_YEAR);
  const net = before.net - discountNet;
  const ipt = freeMonths === 0 ? before.ipt : iptOn(net, bp);
  const total = net + ipt;
  const discount = { net: discountNet, ipt: before.ipt - ipt, gross: before.gross - total };
  if (discount.gross !== 0)
    lines.push({
      coverGroup: 'DISCOUNT',
      feature: o.promoCode ?? 'promotion',
      tag: 'promotion',
      net: -discount.net,
      ipt: -discount.ipt,
      gross: -discount.gross,
    });
  let monthly: PriceBreakdown['monthly'] = null;
  if (o.monthly) {
    const payments = MONTHS_IN_YEAR - freeMonths;
    const plan =
      payments > 0 ? monthlyFromAnnual(total, payments) : { first: 0, regular: 0, instalments: [] };
    monthly = {
      payments,
      first: plan.first,
      regular: plan.regular,
      schedule: [...Array.from({ length: freeMonths }, () => 0), ...plan.instalments],
    };
  }
  return {
    lines,
    beforeDiscount: before,
    discount,
    net,
    ipt,
    total,
    iptRate: o.iptRate,
    freeMonths,
    promoCode: freeMonths > 0 ? (o.promoCode ?? null) : null,
    monthly,
    dueToday: monthly ? (monthly.schedule[0] ?? 0) : total,
  };
}

/** The quote fields the breakdown is read from (a rating result or a stored quote). */
export interface PricedQuote {
  priceBreakdown: readonly PriceLine[];
  totals: Pick<Totals, 'iptRate' | 'freeMonths' | 'monthly'> | null;
  promotion?: { code: string; applied: boolean } | null;
  promoCode?: string | null;
}

/**
 * The price breakdown of a quote, recomputed from its cover lines so that quotes stored before ADR 175 read
 * the same figures as new ones. Null when the quote has no price.
 */
export function priceBreakdown(quote: PricedQuote): PriceBreakdown | null {
  const t = quote.totals;
  if (!t) return null;
  const discountLine = quote.priceBreakdown.find((l) => l.coverGroup === 'DISCOUNT');
  const promoCode =
    (quote.promotion?.applied ? quote.promotion.code : null) ??
    discountLine?.feature ??
    quote.promoCode ??
    null;
  return breakdownOf(quote.priceBreakdown, {
    iptRate: t.iptRate,
    freeMonths: t.freeMonths,
    monthly: t.monthly !== null,
    promoCode,
  });
}

/** The rating result's totals from a breakdown: before-discount figures, the discount and the paid plan. */
export function totalsOf(b: PriceBreakdown): Totals {
  return {
    net: b.beforeDiscount.net,
    ipt: b.beforeDiscount.ipt,
    gross: b.beforeDiscount.gross,
    iptRate: b.iptRate,
    discount: b.discount.gross,
    discountedPrice: b.total,
    monthly: b.monthly
      ? { first: b.monthly.first, regular: b.monthly.regular, count: b.monthly.payments }
      : null,
    freeMonths: b.freeMonths,
  };
}
