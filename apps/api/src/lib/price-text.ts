import type { PolicyDocumentInput } from '@forecourt/contracts/documents';
import { formatGBP } from '@forecourt/domain/money';

/** The price breakdown a policy document input carries (ADR 175). */
export type DocumentPriceBreakdown = NonNullable<PolicyDocumentInput['priceBreakdown']>;

const COVER_NAMES: Record<string, string> = {
  ncb_protection: 'No claims bonus protection',
  legal_expenses: 'Motor legal expenses',
};

/** The customer-facing name of an optional cover ('ncb protection' or 'ncb_protection' → 'No claims bonus protection'). */
export function coverName(name: string): string {
  const code = name.trim().toLowerCase().replace(/\s+/g, '_');
  const known = COVER_NAMES[code];
  if (known) return known;
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const months = (n: number) => (n === 1 ? 'first month' : `first ${n} months`);

/** A price line's name, as the schedule and the confirmation e-mail print it. */
export function priceLineName(line: DocumentPriceBreakdown['lines'][number], freeMonths: number): string {
  if (line.coverGroup === 'MAIN') return 'Comprehensive cover';
  if (line.coverGroup === 'OPTIONAL') return `Optional cover: ${coverName(line.feature)}`;
  return `Promotion ${line.feature}: ${months(freeMonths)} free`;
}

type Cover = Pick<PolicyDocumentInput['cover'], 'billing' | 'product' | 'term'>;

/** What one price is for (ADR 245): 'the year', or a driveaway's '7 days' ('1 day'). */
export function pricePeriod(cover: Cover): string {
  const days = cover.product === 'DRIVEAWAY' ? /^P(\d+)D$/.exec(cover.term ?? '')?.[1] : undefined;
  if (!days) return 'the year';
  return days === '1' ? '1 day' : `${days} days`;
}

/** The product kind as the schedule names it (older inputs without a kind read from their billing). */
export function productKindText(cover: Cover): string {
  if (cover.product === 'DRIVEAWAY') return `driveaway cover for ${pricePeriod(cover)}, paid in full`;
  if (cover.product === 'ANNUAL' || (!cover.product && cover.billing === 'annual'))
    return 'annual, paid in full';
  return 'monthly rolling subscription';
}

/** The rows of the term's price, which add up: lines, premium before tax, IPT on it, total. */
export function priceRows(b: DocumentPriceBreakdown, period = 'the year'): [string, string][] {
  return [
    ...b.lines.map((l): [string, string] => [priceLineName(l, b.freeMonths), formatGBP(l.totalPence)]),
    ['Premium excluding Insurance Premium Tax', formatGBP(b.netPence)],
    [`Insurance Premium Tax at ${Math.round(b.iptRate * 100)}%`, formatGBP(b.iptPence)],
    [`Total premium for ${period}`, formatGBP(b.totalPence)],
  ];
}

/** How the year's price is paid: any free months, then the payments. */
export function paymentPlan(b: DocumentPriceBreakdown): string {
  const free =
    b.freeMonths > 0
      ? `Your ${b.freeMonths === 1 ? 'first month is' : `first ${b.freeMonths} months are`} free: ${formatGBP(b.dueTodayPence)} was due at purchase. `
      : '';
  if (!b.monthly) return `${free}Paid in one payment of ${formatGBP(b.totalPence)}.`;
  const m = b.monthly;
  const first = m.firstPence !== m.regularPence ? ` (the first of them ${formatGBP(m.firstPence)})` : '';
  return `${free}${b.freeMonths > 0 ? 'Then ' : ''}${m.payments} monthly payments of ${formatGBP(m.regularPence)}${first}, ${formatGBP(b.totalPence)} in all.`;
}
