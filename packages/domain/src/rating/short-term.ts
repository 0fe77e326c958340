/**
 * Driveaway pricing (ADR 246): the engine rates the year; a short cover of `days` costs that year's net
 * premium × days ÷ 365 × a short-period loading, at least a minimum, in whole pence. IPT is then charged on
 * it as on any premium. A week of a £700 net risk: 700 × 7 ÷ 365 × 3 = £40.27 net.
 */
export const SHORT_TERM_LOADING = 3;
/** The least net premium of a driveaway cover, in pence (£10). */
export const SHORT_TERM_MINIMUM_NET = 1000;

/** The net premium of `days` of cover from the annual net premium, half-up to the penny. */
export function shortTermNet(annualNet: number, days: number): number {
  const scaled = Math.floor((annualNet * days * SHORT_TERM_LOADING * 2 + 365) / (365 * 2));
  return Math.max(SHORT_TERM_MINIMUM_NET, scaled);
}
