import type { Quote } from '@forecourt/contracts/proposals';
import { addDaysIso, londonDate, startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import { invitationWindowDays } from '@forecourt/domain/renewal';
import { renewalClaimsAnswers } from '@forecourt/domain/renewal-claims';
import { isFaultClaim, ncbProtected, renewalNcdAnswers } from '@forecourt/domain/renewal-ncd';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { renewals } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import { arrearsOf } from '../billing/index.ts';
import { claimsInPolicyYear } from '../claims/index.ts';
import {
  attachRenewalProposal,
  currentVersionOf,
  type PolicyRow,
  policiesDueForInvitation,
  policyById,
} from '../policies/index.ts';
import { createRenewalProposal, proposalByCode } from '../proposals/index.ts';
import { findScheme } from '../rating/index.ts';
import { channelPromoCode } from './channel-promotion.ts';
import { priceRenewal } from './price-renewal.ts';
import { enqueueInvitation, enqueueReferral, totalOf } from './renewal-emails.ts';

export type InvitationOutcome =
  | 'INVITED'
  | 'REFERRED'
  | 'MANUAL_REVIEW'
  | 'UNRATED'
  | 'ALREADY_INVITED'
  | 'NOT_DUE';
type Services = Pick<AppServices, 'db' | 'clock' | 'brand' | 'env' | 'selfOrigin'>;

/** The last instant of the invitation window: the end of the London day `window` days after today. */
export function windowEnd(at: Date, configuredDays: number): Date {
  const day = addDaysIso(todayInLondon(at), invitationWindowDays(configuredDays) + 1);
  return new Date(startOfDayLondon(day).getTime() - 1);
}

/**
 * The invitation job's work (spec 3 §4 Renewal, issue 14 §1): every live policy whose anniversary falls in
 * the invitation window and whose renewal is not blocked gets its renewal proposal, priced and capped, and
 * the invitation e-mail. Safe to run any number of times: exactly one renewal per policy and cycle.
 */
export async function runRenewalInvitations(services: Services, at: Date = services.clock.now()) {
  const due = await policiesDueForInvitation(services.db, {
    now: at,
    until: windowEnd(at, services.env.RENEWAL_INVITATION_DAYS),
  });
  const results: { policyId: string; outcome: InvitationOutcome; proposalCode?: string }[] = [];
  for (const policy of due)
    results.push({ policyId: policy.id, ...(await inviteOne(services, policy.id, at)) });
  return results;
}

const blocked = (p: PolicyRow) =>
  p.reviewType === 'NEVER' ||
  p.renewalStopped ||
  !p.autoRenewalEnabled ||
  (p.status !== 'ACTIVE' && p.status !== 'PENDING') ||
  p.terminatedAt !== null ||
  p.expiredAt === null;

/**
 * One policy's invitation, in one transaction under a per-policy lock: a second run (or a retried job) finds
 * the cycle's row and does nothing; the primary key of `renewals` and the unique renewal index of
 * `proposals` stop a duplicate even without the lock.
 */
export async function inviteOne(
  services: Services,
  policyId: string,
  at: Date,
): Promise<{ outcome: InvitationOutcome; proposalCode?: string }> {
  return services.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`renewal:${policyId}`}))`);
    const policy = await policyById(tx, policyId);
    if (!policy || blocked(policy) || !policy.expiredAt) return { outcome: 'NOT_DUE' as const };
    const cycle = policy.renewalCycle + 1;
    const [existing] = await tx
      .select()
      .from(renewals)
      .where(and(eq(renewals.policyId, policyId), eq(renewals.cycle, cycle)));
    if (existing) return { outcome: 'ALREADY_INVITED' as const, proposalCode: existing.proposalCode };
    const source = await proposalByCode(tx, policy.proposalCode);
    if (!source) return { outcome: 'NOT_DUE' as const };
    const anniversary = policy.expiredAt;
    const version = await currentVersionOf(tx, policyId, at);
    const previous = (version?.quote ?? null) as Quote | null;
    // The no-claims discount of the new year (ADR 266): +1 for a year without a fault claim, stepped back
    // for each fault claim (NCB protection takes the first).
    const yearClaims = await claimsInPolicyYear(tx, policyId, policy.inceptedAt, anniversary);
    const { data: withNcd } = renewalNcdAnswers(source.data, {
      faultClaims: yearClaims.filter(isFaultClaim).length,
      anniversaryDay: londonDate(anniversary),
    });
    // The same claims disclosed in the renewal's claims history, so it is rated with them (ADR 336).
    const answers = renewalClaimsAnswers(withNcd, yearClaims, { protectedNcd: ncbProtected(source.data) });
    const priced = priceRenewal(services.brand, answers, {
      anniversary,
      now: at,
      product: source.product,
      channelPromoCode: await channelPromoCode(tx, source),
    });
    const proposal = await createRenewalProposal(tx, {
      source,
      policy: { policyId, policyNumber: policy.policyNumber, expiredAt: anniversary, cycle },
      data: priced.data,
      status: priced.rated ? priced.status : 'INSUFFICIENT_ACCURACY',
      quote: priced.rated ? priced.quote : null,
      startAt: anniversary,
      endAt: anniversary,
      now: at,
    });
    const outcome: InvitationOutcome =
      policy.reviewType === 'MANUAL'
        ? 'MANUAL_REVIEW'
        : !priced.rated || priced.status === 'INSUFFICIENT_ACCURACY'
          ? 'UNRATED'
          : priced.status === 'REFERRAL'
            ? 'REFERRED'
            : 'INVITED';
    await tx.insert(renewals).values({
      policyId,
      cycle,
      proposalCode: proposal.proposalCode,
      partyId: policy.partyId,
      anniversaryAt: anniversary,
      status: outcome as 'INVITED',
      reviewType: policy.reviewType === 'MANUAL' ? 'MANUAL' : 'AUTO',
      previousTotalPence: totalOf(previous),
      renewalTotalPence: priced.rated ? priced.pricing.renewal.total : null,
      newBusinessTotalPence: priced.rated ? priced.pricing.newBusiness.total : null,
      offeredTotalPence: priced.rated ? totalOf(priced.quote) : null,
      capped: priced.rated && priced.pricing.capped,
      channel: source.source ?? 'direct',
      renewalTrace: priced.rated ? priced.pricing.renewal.trace : [],
      newBusinessTrace: priced.rated ? priced.pricing.newBusiness.trace : [],
      invitedAt: at,
    });
    // MANUAL and unrated renewals wait in the staff queue: the customer sees nothing until released.
    if (outcome === 'MANUAL_REVIEW' || outcome === 'UNRATED')
      return { outcome, proposalCode: proposal.proposalCode };
    if (!priced.rated) {
      await attachRenewalProposal(tx, policyId, proposal.proposalCode);
      return { outcome, proposalCode: proposal.proposalCode };
    }
    await offerRenewal(tx, services, {
      policy,
      proposalCode: proposal.proposalCode,
      previous,
      offered: priced.quote,
      capped: priced.pricing.capped,
      referred: outcome === 'REFERRED',
    });
    return { outcome, proposalCode: proposal.proposalCode };
  });
}

/**
 * The renewal put before the customer: attached to the policy (the home's banner) and e-mailed — the
 * invitation with both prices and the opt-out link, or, for a referral, the "we cannot renew automatically"
 * letter. The invitation job does this at once; a renewal staff review does it when released (ADR 265).
 */
export async function offerRenewal(
  tx: Db,
  services: Services,
  o: {
    policy: PolicyRow;
    proposalCode: string;
    previous: Quote | null;
    offered: Quote;
    capped: boolean;
    referred: boolean;
  },
) {
  const { policy } = o;
  await attachRenewalProposal(tx, policy.id, o.proposalCode);
  // Partners are told of a renewal offered at a price (ADR 362); a referral is not an offer.
  if (!o.referred)
    await publish(
      'lifecycle.announced',
      { db: tx, at: services.clock.now() },
      {
        type: 'renewal.invited',
        policyId: policy.id,
        data: {
          renewalDate: (policy.expiredAt ?? services.clock.now()).toISOString(),
          premiumPence: totalOf(o.offered),
        },
      },
    );
  // Opted out meanwhile: the quote waits behind the opted-out banner; nothing is e-mailed.
  if (!policy.autoRenewalEnabled) return;
  const anniversary = policy.expiredAt ?? services.clock.now();
  if (o.referred) {
    await enqueueReferral(tx, {
      brand: services.brand,
      policyNumber: policy.policyNumber,
      anniversary,
      quote: o.offered,
    });
    return;
  }
  const owing = await arrearsOf(tx, policy.id);
  const base = `${(services.env.PUBLIC_URL ?? services.selfOrigin()).replace(/\/$/, '')}/${
    findScheme(services.brand, policy.schemeCode)?.productUrlName ?? 'car-insurance'
  }/renewal/${o.proposalCode}`;
  await enqueueInvitation(tx, {
    brand: services.brand,
    policyNumber: policy.policyNumber,
    anniversary,
    previous: o.previous,
    offered: o.offered,
    capped: o.capped,
    renewalUrl: base,
    optOutUrl: `${base}/opt-out`,
    // Owed as it is invited: the invitation says the renewal waits on it (ADR 400).
    ...(owing ? { owing: owing.amount } : {}),
  });
}
