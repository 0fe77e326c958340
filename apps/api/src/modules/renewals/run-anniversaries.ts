import type { Quote } from '@forecourt/contracts/proposals';
import { renewalMachine } from '@forecourt/domain/lifecycle/index';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { type RenewalRow, renewals } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { arrearsOf } from '../billing/index.ts';
import { requestPolicyDocuments } from '../documents/index.ts';
import { currentVersionOf, lapsePolicy, policiesPastExpiry, policyById } from '../policies/index.ts';
import { proposalByCode } from '../proposals/index.ts';
import { renewFromProposal } from './renew-from-proposal.ts';
import { enqueueOutcome } from './renewal-emails.ts';
import { keepOpenForTakeUp } from './take-up-renewal.ts';

type Services = AppServices;
export type AnniversaryOutcome = 'RENEWED' | 'LAPSED' | 'ENDED_ALREADY' | 'DONE_ALREADY';

/**
 * The anniversary job's work (spec 3 §4 Renewal, issue 14 §4): every renewal whose anniversary has come is
 * settled once. Opted in (auto-renewal on, not stopped, invited at a QUOTE price) → the old policy RENEWED,
 * the renewal proposal POLICY, the successor policy at the new price with new documents, billing from the
 * anniversary, a Motor Insurance Database event and an e-mail. Opted out, referred, unrated or unreviewed, or
 * owing money on the old year (ADR 400) → the policy LAPSED at its expiry, with an e-mail.
 */
export async function runAnniversaries(services: Services, at: Date = services.clock.now()) {
  const due = await services.db
    .select({ policyId: renewals.policyId, cycle: renewals.cycle })
    .from(renewals)
    .where(and(isNull(renewals.completedAt), lte(renewals.anniversaryAt, at)));
  const results: { policyId: string; outcome: AnniversaryOutcome; successorPolicyId?: string }[] = [];
  for (const r of due) results.push({ policyId: r.policyId, ...(await settleOne(services, r, at)) });
  for (const p of await policiesPastExpiry(services.db, at))
    results.push({ policyId: p.id, outcome: await lapseUnrenewed(services, p.id, at) });
  return results;
}

/** A live policy past its expiry that no renewal picked up (opted out before the window, NEVER): it ends. */
async function lapseUnrenewed(services: Services, policyId: string, at: Date): Promise<AnniversaryOutcome> {
  return services.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`renewal:${policyId}`}))`);
    const policy = await policyById(tx, policyId);
    if (!policy || (policy.status !== 'ACTIVE' && policy.status !== 'PENDING') || !policy.expiredAt)
      return 'DONE_ALREADY';
    if (policy.expiredAt > at) return 'DONE_ALREADY';
    await lapsePolicy(tx, policyId, at);
    const version = await currentVersionOf(tx, policyId, at);
    await enqueueOutcome(tx, {
      brand: services.brand,
      outcome: 'LAPSED',
      policyNumber: policy.policyNumber,
      anniversary: policy.expiredAt,
      quote: (version?.quote ?? null) as Quote | null,
    });
    return 'LAPSED';
  });
}

const renewable = (status: string) => status === 'QUOTE' || status === 'QUOTE_EXPIRED';

async function settleOne(
  services: Services,
  key: Pick<RenewalRow, 'policyId' | 'cycle'>,
  at: Date,
): Promise<{ outcome: AnniversaryOutcome; successorPolicyId?: string }> {
  let documents: string | undefined;
  const result = await services.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`renewal:${key.policyId}`}))`);
    const [row] = await tx
      .select()
      .from(renewals)
      .where(and(eq(renewals.policyId, key.policyId), eq(renewals.cycle, key.cycle)))
      .for('update');
    if (!row || row.completedAt) return { outcome: 'DONE_ALREADY' as const };
    const policy = await policyById(tx, row.policyId);
    const proposal = await proposalByCode(tx, row.proposalCode);
    const complete = (event: 'lapse') =>
      tx
        .update(renewals)
        .set({ status: nextStatus(renewalMachine, row.status, event), completedAt: at })
        .where(and(eq(renewals.policyId, row.policyId), eq(renewals.cycle, row.cycle)));
    if (!policy || !proposal || (policy.status !== 'ACTIVE' && policy.status !== 'PENDING')) {
      // Cancelled (or otherwise ended) before its anniversary: nothing to renew or lapse.
      await complete('lapse');
      return { outcome: 'ENDED_ALREADY' as const };
    }
    const quote = proposal.quote as Quote | null;
    const optedIn =
      policy.autoRenewalEnabled &&
      !policy.renewalStopped &&
      policy.reviewType !== 'NEVER' &&
      row.status === 'INVITED' &&
      renewable(proposal.status) &&
      quote !== null;
    // Money owed on the old year (a failed collection, a payment taken back) holds the renewal back (ADR 400):
    // the policy lapses, and its renewal quote stays open to take up once that is paid (ADR 335, 397).
    const owing = optedIn ? await arrearsOf(tx, policy.id) : null;
    if (!optedIn || !quote || owing) {
      await lapsePolicy(tx, policy.id, at);
      await complete('lapse');
      const takeUp = await keepOpenForTakeUp(tx, { policy, proposal, row, quote, at });
      await enqueueOutcome(tx, {
        brand: services.brand,
        outcome: 'LAPSED',
        policyNumber: policy.policyNumber,
        anniversary: row.anniversaryAt,
        quote: quote ?? (proposal.sourcePolicy?.quote as Quote | undefined) ?? null,
        ...(takeUp ? { takeUpUntil: takeUp } : {}),
        ...(owing ? { owing: owing.amount } : {}),
      });
      return { outcome: 'LAPSED' as const };
    }
    const successor = await renewFromProposal(services, tx, { row, policy, proposal, quote, at });
    documents = successor.versionId;
    return { outcome: 'RENEWED' as const, successorPolicyId: successor.policyId };
  });
  if (documents) await requestPolicyDocuments(services, documents);
  return result;
}
