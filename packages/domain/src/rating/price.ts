import type { PriceLine, Totals } from './types.ts';

/** IPT on a net amount, half-up to the penny, from the rate in basis points (integer arithmetic). */
export function iptOn(net: number, basisPoints: number): number {
  const sign = net < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(net) * basisPoints + 5_000) / 10_000);
}

/**
 * Premium lines with IPT: the total IPT is exactly the rate on the total net (half-up), and the lines'
 * IPT add up to it (floors, then the remaining pennies to the largest remainders).
 */
export function withIpt(
  lines: { coverGroup: PriceLine['coverGroup']; feature: string; tag: string; net: number }[],
  basisPoints: number,
): { lines: PriceLine[]; net: number; ipt: number } {
  let net = 0;
  for (const l of lines) net += l.net;
  const ipt = iptOn(net, basisPoints);
  const priced: PriceLine[] = [];
  let left = ipt;
  for (const l of lines) {
    const floor = Math.floor((l.net * basisPoints) / 10_000);
    left -= floor;
    priced.push({
      coverGroup: l.coverGroup,
      feature: l.feature,
      tag: l.tag,
      net: l.net,
      ipt: floor,
      gross: l.net + floor,
    });
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

/** 12 monthly payments of annual/12 with no interest; the remainder pennies go on the first. */
export function monthlyOf(gross: number): { first: number; regular: number; count: number } {
  const regular = Math.floor(gross / 12);
  return { first: gross - regular * 11, regular, count: 12 };
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
