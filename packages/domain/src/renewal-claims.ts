/**
 * The claims of the policy year carried into the renewal's disclosed claims history (issue 14, ADR 336): the
 * renewal is rated with them, as a new insurer would rate them once disclosed. Pure; the API runs it at
 * invitation from the claims module's records.
 */
import { claimKind } from './rating/referrals.ts';

/** A claim as the claims module records it (type and sub-type from spec 3 §3's enumerations). */
export interface ClaimRecord {
  claimType: string;
  claimSubType: string | null | undefined;
  /** The London day of the loss (yyyy-mm-dd). */
  occurredDate: string;
}

/** The disclosure's claim type code of a claim record: 'Accident' + 'Fault' → 'Accident-Fault' (product option list). */
export function disclosedClaimType(claim: Pick<ClaimRecord, 'claimType' | 'claimSubType'>): string {
  return claim.claimSubType ? `${claim.claimType}-${claim.claimSubType}` : claim.claimType;
}

/** The claims that count against the NCD: accidents where our driver was (wholly or partly) at fault. */
export function isFaultClaim(claim: Pick<ClaimRecord, 'claimType' | 'claimSubType'>): boolean {
  return claimKind(disclosedClaimType(claim)) === 'fault';
}

type Answers = Record<string, unknown>;
interface DisclosedClaim {
  type: string;
  date: string;
  ncdAffected: boolean;
}

/**
 * The renewal's answers with the year's claims added to the policyholder's disclosed claims history (type,
 * date, whether it affected the NCD), oldest first, each once (a claim already disclosed on the same day and of
 * the same type is not added again). A fault claim affected the NCD unless NCB protection took it (the first of
 * the year, ADR 266). The claims record no cost, so none is disclosed.
 */
export function renewalClaimsAnswers(
  answers: Answers,
  claims: readonly ClaimRecord[],
  o: { protectedNcd: boolean },
): Answers {
  if (claims.length === 0) return answers;
  const profiles = Array.isArray(answers.profiles) ? (answers.profiles as Answers[]) : [];
  const at = profiles.findIndex((p) => p.policyholder === true);
  if (at < 0) return answers;
  const holder = profiles[at] as Answers;
  const data = (holder.data && typeof holder.data === 'object' ? holder.data : {}) as Answers;
  const history = Array.isArray(data.vehicleClaimsHistory)
    ? (data.vehicleClaimsHistory as DisclosedClaim[])
    : [];
  const seen = new Set(history.map((c) => `${c.type}|${c.date}`));
  let protectionLeft = o.protectedNcd;
  const added: DisclosedClaim[] = [];
  for (const claim of [...claims].sort((a, b) => a.occurredDate.localeCompare(b.occurredDate))) {
    const type = disclosedClaimType(claim);
    const fault = isFaultClaim(claim);
    const ncdAffected = fault && !protectionLeft;
    if (fault) protectionLeft = false;
    if (seen.has(`${type}|${claim.occurredDate}`)) continue;
    seen.add(`${type}|${claim.occurredDate}`);
    added.push({ type, date: claim.occurredDate, ncdAffected });
  }
  if (added.length === 0) return answers;
  const next = [...profiles];
  next[at] = { ...holder, data: { ...data, vehicleClaimsHistory: [...history, ...added] } };
  return { ...answers, profiles: next };
}
