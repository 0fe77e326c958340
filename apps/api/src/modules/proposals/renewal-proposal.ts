import type { Quote } from '@forecourt/contracts/proposals';
import { proposalMachine } from '@forecourt/domain/lifecycle/index';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { type ProposalRow, proposals } from '../../db/schema/index.ts';
import { guardOf } from '../../lib/lifecycle.ts';
import { newExternalReference, newProposalCode } from './references.ts';

/**
 * What the renewals module needs of proposals, through this module's face (issue 14): the answers of the
 * proposal a policy was bought (or last renewed) from, and the renewal proposal of a policy and cycle. Only
 * this module writes the proposals table.
 */
export async function proposalByCode(db: Db, proposalCode: string): Promise<ProposalRow | undefined> {
  const [row] = await db.select().from(proposals).where(eq(proposals.proposalCode, proposalCode));
  return row;
}

export interface RenewalProposalInput {
  source: ProposalRow;
  policy: { policyId: string; policyNumber: string; expiredAt: Date; cycle: number };
  data: Record<string, unknown>;
  status: 'QUOTE' | 'REFERRAL' | 'INSUFFICIENT_ACCURACY';
  quote: Quote | null;
  startAt: Date;
  endAt: Date;
  now: Date;
}

/**
 * The renewal proposal of a policy (spec 3 §3 sourcePolicy, spec 2 §3 renewalCycle): the policy's answers
 * carried over, owned by the policyholder's party, valid until the anniversary. The unique index on
 * (source_policy_id, renewal_cycle) refuses a second one for the same cycle.
 */
export async function createRenewalProposal(db: Db, o: RenewalProposalInput): Promise<ProposalRow> {
  const [row] = await db
    .insert(proposals)
    .values({
      proposalCode: newProposalCode(),
      partyId: o.source.partyId,
      externalReference: newExternalReference(),
      brand: o.source.brand,
      schemeCode: o.source.schemeCode,
      product: o.source.product,
      status: o.status,
      source: o.source.source,
      promoCode: null,
      data: o.data,
      quote: o.quote as unknown as Record<string, unknown> | null,
      startAt: o.startAt,
      endAt: o.endAt,
      quoteExpiresAt: o.policy.expiredAt,
      sourceProposal: o.source.proposalCode,
      sourcePolicyId: o.policy.policyId,
      renewalCycle: o.policy.cycle,
      sourcePolicy: {
        policyId: o.policy.policyId,
        policyNumber: o.policy.policyNumber,
        quote: o.source.quote,
        detail: { expiredAt: o.policy.expiredAt.toISOString() },
      },
      createdAt: o.now,
      updatedAt: o.now,
    })
    .returning();
  return row as ProposalRow;
}

/** A renewal proposal re-priced (a cover added on the renewal quote, or a staff re-rating). */
export async function updateRenewalQuote(
  db: Db,
  proposalCode: string,
  o: { data: Record<string, unknown>; status: ProposalRow['status']; quote: Quote | null; now: Date },
) {
  await db
    .update(proposals)
    .set({
      data: o.data,
      status: o.status,
      quote: o.quote as unknown as Record<string, unknown> | null,
      updatedAt: o.now,
    })
    .where(eq(proposals.proposalCode, proposalCode));
}

/**
 * A lapsed policy's renewal quote kept open for take-up (ADR 335): QUOTE again (the quote-expiry job may have
 * moved it at the anniversary) and valid until `until`. Only a QUOTE or QUOTE_EXPIRED renewal is reopened.
 */
export async function reopenRenewalQuote(db: Db, proposalCode: string, o: { until: Date; now: Date }) {
  const reopen = guardOf(proposalMachine, 'reopen');
  await db
    .update(proposals)
    .set({ status: reopen.to, quoteExpiresAt: o.until, updatedAt: o.now })
    .where(and(eq(proposals.proposalCode, proposalCode), inArray(proposals.status, reopen.from)));
}
