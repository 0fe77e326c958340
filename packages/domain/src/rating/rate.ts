import { dateKey, wholeYears } from '../dates.ts';
import { iptOn, withIpt } from '../money.ts';
import { paidInFull } from '../policy/term.ts';
import { compileTables } from './compile.ts';
import { excesses } from './excess.ts';
import { mainPremium } from './factors.ts';
import { breakdownOf, monthlyOf, totalsOf } from './price.ts';
import { referralReasons } from './referrals.ts';
import { shortTermNet } from './short-term.ts';
import type { RatingTables } from './tables.ts';
import type { OptionalCoverResult, PromotionResult, RatingInput, RatingResult, TraceEntry } from './types.ts';

/**
 * Rates a complete risk on a date ('yyyy-MM-dd', normally the cover start): pure and deterministic.
 * No vehicle identification → INSUFFICIENT_ACCURACY (no price); any referral rule → REFERRAL (priced,
 * with reasons, not offered); otherwise QUOTE.
 */
export function rate(input: RatingInput, tables: RatingTables, date: string): RatingResult {
  const c = compileTables(tables);
  const { data } = input;
  const monthly = !paidInFull(input.product ?? 'SUBSCRIPTION');
  const driveawayDays = input.product === 'DRIVEAWAY' ? (input.termDays ?? 1) : null;
  const result: RatingResult = {
    ratingStatus: 'QUOTE',
    ratingDate: date,
    wordingVersion: tables.wordingVersion,
    mainInsurer: tables.mainInsurer,
    endorsements: [],
    referralReasons: [],
    optionalCovers: [],
    voluntaryExcess: data.quote.voluntaryExcess,
    mandatoryExcessLines: [],
    excessLines: [],
    priceBreakdown: [],
    totals: null,
    promotion: null,
    trace: [],
  };
  if (!data.asset.specification.vehicleCode) {
    result.ratingStatus = 'INSUFFICIENT_ACCURACY';
    return result;
  }
  const ages = data.profiles.map((p) => wholeYears(p.data.dateOfBirth, date));
  const licenceYears = data.profiles.map((p) =>
    Math.max(0, wholeYears(p.data.drivingLicence.validFrom, date)),
  );
  result.referralReasons = referralReasons(data, c, dateKey(date), ages);
  if (result.referralReasons.length > 0) result.ratingStatus = 'REFERRAL';

  const trace: TraceEntry[] = [];
  const annualNet = mainPremium(data, c, date, ages, trace);
  const mainNet = driveawayDays === null ? annualNet : shortTermNet(annualNet, driveawayDays);
  if (driveawayDays !== null)
    trace.push({
      factor: 'shortTerm',
      input: driveawayDays,
      multiplier: mainNet / Math.max(1, annualNet),
      premiumAfter: mainNet,
    });
  result.trace = trace;
  result.excessLines = excesses(data, c, ages, licenceYears, result.endorsements);
  result.mandatoryExcessLines = result.excessLines.map((l) => ({
    category: l.kind,
    amount: l.total - l.voluntary,
  }));
  const phIndex = Math.max(
    0,
    data.profiles.findIndex((p) => p.policyholder),
  );
  if ((ages[phIndex] ?? 99) < tables.driveOtherCarsMinAge)
    result.endorsements.push({
      code: 'DRIVE_OTHER_CARS_EXCLUDED',
      message: 'Driving other cars is not covered',
    });

  const lines: { coverGroup: 'MAIN' | 'OPTIONAL'; feature: string; tag: string; net: number }[] = [
    { coverGroup: 'MAIN', feature: 'comprehensive', tag: 'main', net: mainNet },
  ];
  const requested = data.quote.optionalCovers ?? {};
  const oc = tables.optionalCovers;
  // Optional covers are yearly products: not offered with a few days' driveaway cover (ADR 246).
  const ncbAvailable = driveawayDays === null && data.asset.noClaimsDiscount >= oc.ncb_protection.minNcd;
  const covers: [string, boolean, number][] = [
    [
      'ncb_protection',
      ncbAvailable,
      Math.max(oc.ncb_protection.minimum, Math.round(mainNet * oc.ncb_protection.rate)),
    ],
    ['legal_expenses', driveawayDays === null, oc.legal_expenses.flat],
  ];
  for (const [code, available, net] of covers) {
    const choice = requested[code as keyof typeof requested] ?? null;
    const active = available ? choice : false;
    const ipt = iptOn(net, c.iptBasisPoints);
    const cover: OptionalCoverResult = {
      code,
      available,
      active,
      premium: available ? net + ipt : null,
      priceOptions: available
        ? [{ net, ipt, gross: net + ipt, monthly: monthly ? monthlyOf(net + ipt).regular : null }]
        : [],
    };
    result.optionalCovers.push(cover);
    if (active === true) lines.push({ coverGroup: 'OPTIONAL', feature: code, tag: 'optional', net });
  }
  const priced = withIpt(lines, c.iptBasisPoints);
  const promotion = promotionFor(input, tables, ages[phIndex] ?? 0);
  result.promotion = promotion;
  // One breakdown (ADR 175): the promotion's free months come off the net, IPT is on the discounted net.
  const breakdown = breakdownOf(priced.lines, {
    iptRate: tables.iptRate,
    freeMonths: promotion?.applied ? promotion.freeMonths : 0,
    monthly,
    promoCode: promotion?.code ?? null,
  });
  result.priceBreakdown = breakdown.lines;
  result.totals = totalsOf(breakdown);
  return result;
}

function promotionFor(input: RatingInput, tables: RatingTables, age: number): PromotionResult | null {
  const code = input.promoCode?.trim().toUpperCase();
  if (!code) return null;
  const promo = tables.promotions[code];
  if (!promo)
    return { code, freeMonths: 0, requiresTerms: false, applied: false, reasons: ['PROMO_UNKNOWN'] };
  const reasons: string[] = [];
  if (promo.requiresTerms && input.data.quote.promotionTermsAccepted !== true)
    reasons.push('PROMO_TERMS_NOT_ACCEPTED');
  if (promo.minAge !== undefined && age < promo.minAge) reasons.push('PROMO_MIN_AGE');
  // Free months are months of a year's cover: nothing to give on a driveaway (ADR 246).
  if (input.product === 'DRIVEAWAY') reasons.push('PROMO_NOT_FOR_PRODUCT');
  return {
    code,
    freeMonths: promo.freeMonths,
    requiresTerms: promo.requiresTerms,
    applied: reasons.length === 0,
    reasons,
  };
}
