import { monthlyFromAnnual } from '../money.ts';
import type { PriceLine, Totals } from './types.ts';

/** 12 monthly payments of annual/12 with no interest; the remainder pennies go on the first. */
export function monthlyOf(gross: number): { first: number; regular: number; count: number } {
  const { first, regular } = monthlyFromAnnual(gross, 12);
  return { first, regular, count: 12 };
}

/** The discount of `freeMonths` free payments (monthly) or months' share of the annual price. */
export function freeMonthsDiscount(gross: number, freeMonths: number, monthly: boolean): number {
  if (freeMonths <= 0) return 0;
  if (!monthly) return Math.round((gross * freeMonths) / 12);
  const m = monthlyOf(gross);
  return m.first + m.regular * (Math.min(12, freeMonths) - 1);
}

/** A DISCOUNT line for a gross discount, split into net and IPT at the same rate. */
export function discountLine(feature: string, grossDiscount: number, basisPoints: number): PriceLine {
  const net = Math.round((grossDiscount * 10_000) / (10_000 + basisPoints));
  return {
    coverGroup: 'DISCOUNT',
    feature,
    tag: 'promotion',
    net: -net,
    ipt: -(grossDiscount - net),
    gross: -grossDiscount,
  };
}

export function totalsOf(
  net: number,
  ipt: number,
  iptRate: number,
  discount: number,
  freeMonths: number,
  monthly: boolean,
): Totals {
  const gross = net + ipt;
  return {
    net,
    ipt,
    gross,
    iptRate,
    discount,
    discountedPrice: gross - discount,
    monthly: monthly ? monthlyOf(gross) : null,
    freeMonths,
  };
}
