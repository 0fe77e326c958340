/**
 * The no-claims discount carried into a renewal (issue 14, ADR 266). Spec 3 gives the NCD as 0 to 9 (9 shown
 * as 9+) and NCB protection as needing 4+ years and covering one claim per 12 months; it does not give the
 * step-up or the step-back, so they are written here, once, for the API to run at invitation.
 */
import { isIsoDate, wholeYears } from './dates.ts';
import { RISK_LIMITS } from './risk/values.ts';

/** The highest NCD the rating knows (spec 3 §9: 0 to 9+). A claim-free year at 9 stays at 9. */
export const NCD_MAX = 9;

/**
 * The step-back scale for one fault claim in the year, indexed by the NCD the year started with: the NCD the
 * renewal gets. Two fault claims apply it twice. (A common UK scale; documented in ADR 266.)
 */
export const NCD_STEP_BACK: readonly number[] = [0, 0, 0, 1, 1, 2, 3, 3, 4, 5];

/** The claims that count against the NCD: one rule with the rating's claim kinds (renewal-claims.ts, ADR 336). */
export { isFaultClaim } from './renewal-claims.ts';

export interface NcdStep {
  from: number;
  to: number;
  faultClaims: number;
  /** Why: a claim-free year, protected (NCB protection took the first claim), or stepped back. */
  rule: 'CLAIM_FREE' | 'PROTECTED' | 'STEPPED_BACK';
}

/**
 * The NCD at renewal: one more year when the year had no fault claim (up to NCD_MAX); with NCB protection
 * (held on the year's quote, so 4+ years) the first fault claim of the year leaves it where it was; every
 * other fault claim steps it back by NCD_STEP_BACK.
 */
export function nextNoClaimsDiscount(o: {
  ncd: number;
  faultClaims: number;
  protectedNcd: boolean;
}): NcdStep {
  const from = Math.max(0, Math.min(NCD_MAX, Math.trunc(o.ncd)));
  const claims = Math.max(0, Math.trunc(o.faultClaims));
  if (claims === 0) return { from, to: Math.min(NCD_MAX, from + 1), faultClaims: 0, rule: 'CLAIM_FREE' };
  const counted = o.protectedNcd ? claims - 1 : claims;
  let to = from;
  for (let i = 0; i < counted; i++) to = NCD_STEP_BACK[to] ?? 0;
  return { from, to, faultClaims: claims, rule: counted === 0 ? 'PROTECTED' : 'STEPPED_BACK' };
}

/**
 * The NCD can never exceed the years a policyholder could have driven (spec 3: consistent with an age of at
 * least 16, and not more than the years legally driving) on the renewal's start: the step-up is held there.
 */
export function ncdCeiling(holder: { dateOfBirth?: unknown; validFrom?: unknown }, onDay: string): number {
  let ceiling = NCD_MAX;
  if (typeof holder.dateOfBirth === 'string' && isIsoDate(holder.dateOfBirth))
    ceiling = Math.min(
      ceiling,
      Math.max(0, wholeYears(holder.dateOfBirth, onDay) - RISK_LIMITS.minLicenceAge),
    );
  if (typeof holder.validFrom === 'string' && isIsoDate(holder.validFrom))
    ceiling = Math.min(ceiling, Math.max(0, wholeYears(holder.validFrom, onDay)));
  return ceiling;
}

type Answers = Record<string, unknown>;
const objectAt = (v: unknown): Answers => (v && typeof v === 'object' ? (v as Answers) : {});

/**
 * The renewal's answers with the NCD stepped (ADR 266): from the year's answers and the number of fault
 * claims of the year, held under the policyholder's ceiling on the anniversary day. NCB protection is kept
 * only while the new NCD still qualifies for it (4+ years, spec 3).
 */
export function renewalNcdAnswers(
  answers: Answers,
  o: { faultClaims: number; anniversaryDay: string },
): { data: Answers; step: NcdStep } {
  const asset = objectAt(answers.asset);
  const quote = objectAt(answers.quote);
  const covers = objectAt(quote.optionalCovers);
  const profiles = Array.isArray(answers.profiles) ? (answers.profiles as Answers[]) : [];
  const holder = objectAt(profiles.find((p) => p.policyholder === true)?.data);
  const step = nextNoClaimsDiscount({
    ncd: typeof asset.noClaimsDiscount === 'number' ? asset.noClaimsDiscount : 0,
    faultClaims: o.faultClaims,
    protectedNcd: covers.ncb_protection === true,
  });
  const ceiling = ncdCeiling(
    { dateOfBirth: holder.dateOfBirth, validFrom: objectAt(holder.drivingLicence).validFrom },
    o.anniversaryDay,
  );
  const to = Math.min(step.to, Math.max(step.from, ceiling));
  const keepProtection = covers.ncb_protection === true && to >= RISK_LIMITS.ncbProtectionMinNcd;
  const data: Answers = {
    ...answers,
    asset: { ...asset, noClaimsDiscount: to },
    ...(covers.ncb_protection === true && !keepProtection
      ? { quote: { ...quote, optionalCovers: { ...covers, ncb_protection: false } } }
      : {}),
  };
  return { data, step: { ...step, to } };
}

/** Whether the year's answers held NCB protection (the first fault claim of the year leaves the NCD alone). */
export function ncbProtected(answers: Answers): boolean {
  return objectAt(objectAt(answers.quote).optionalCovers).ncb_protection === true;
}
