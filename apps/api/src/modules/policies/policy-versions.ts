import { randomUUID } from 'node:crypto';
import type { Quote } from '@forecourt/contracts/proposals';
import { desc, eq } from 'drizzle-orm';
import { policies, policyVersions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { paymentRecord } from '../billing/index.ts';
import { proposalAnswers } from '../proposals/index.ts';
import { documentInputOf, schemeContext } from './document-input-of.ts';

/**
 * The answers a policy's latest version was rated from (issue 13): the version's own, else (version 1) its
 * proposal's, with the promotion code and product. 404 for a policy the caller does not own.
 */
export async function policyAnswers(ctx: Ctx, policyId: string) {
  const p = await owned(ctx).first(policies, eq(policies.id, policyId));
  if (!p) throw notFound('No such policy');
  const [latest] = await ctx.db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.policyId, policyId))
    .orderBy(desc(policyVersions.versionNumber))
    .limit(1);
  const proposal = await proposalAnswers(ctx, p.proposalCode);
  if (!latest || !proposal) throw notFound('No such policy');
  return {
    data: (latest.data ?? proposal.data) as Record<string, unknown>,
    promoCode: proposal.promoCode,
    product: proposal.product,
    schemeCode: p.schemeCode,
    versionNumber: latest.versionNumber,
    /** The latest version's quote: what a change made on these answers is priced against (ADR 398). */
    quote: latest.quote,
    /** When the latest version starts: no change made on these answers may take effect before it (ADR 398). */
    startedAt: latest.startedAt,
  };
}

/**
 * A confirmed mid-term change (issue 13 item 4), in the caller's transaction: the next version of the policy
 * with its quote, answers and what its certificate and schedule are printed from. Answers the version's id
 * (for the documents job) and its document input (for the e-mail); null when the version it was made on has
 * been replaced meanwhile (the policy row is locked first, so two changes at once cannot both apply).
 */
export async function addPolicyVersion(
  ctx: Ctx,
  o: {
    policyId: string;
    startedAt: Date;
    quote: Quote;
    data: Record<string, unknown>;
    now: Date;
    /** The version the change was made on: when another has been added since (under the lock), null. */
    after: number;
  },
) {
  const [p] = await ctx.db.select().from(policies).where(eq(policies.id, o.policyId)).for('update');
  if (!p) throw notFound('No such policy');
  const [latest] = await ctx.db
    .select({ n: policyVersions.versionNumber })
    .from(policyVersions)
    .where(eq(policyVersions.policyId, o.policyId))
    .orderBy(desc(policyVersions.versionNumber))
    .limit(1);
  if ((latest?.n ?? 0) !== o.after) return null;
  const versionNumber = o.after + 1;
  const documentInput = documentInputOf(o.data, o.quote, {
    policyId: p.id,
    policyNumber: p.policyNumber,
    versionNumber,
    issuedAt: o.now,
    startAt: o.startedAt,
    endAt: p.expiredAt ?? o.startedAt,
    ...schemeContext(ctx.brand, p.schemeCode),
    brand: ctx.brand,
  });
  const id = randomUUID();
  await ctx.db.insert(policyVersions).values({
    id,
    policyId: p.id,
    versionNumber,
    startedAt: o.startedAt,
    quote: o.quote as unknown as Record<string, unknown>,
    documentInput: documentInput as unknown as Record<string, unknown>,
    data: o.data,
  });
  return { policyVersionId: id, versionNumber, documentInput, policyNumber: p.policyNumber };
}

/**
 * Puts the policy's payments as the ledger has them now (paid, still to pay, the total) on a mid-term
 * version's document input, in the caller's transaction after the change's charge is posted, so that its
 * schedule shows what is paid and what remains rather than a new year of payments (issue 28 defect 12, ADR 355).
 */
export async function recordPaymentsOnVersion(ctx: Ctx, policyId: string, policyVersionId: string) {
  const payments = await paymentRecord(ctx, policyId);
  if (!payments) return;
  const [v] = await ctx.db
    .select({ documentInput: policyVersions.documentInput })
    .from(policyVersions)
    .where(eq(policyVersions.id, policyVersionId));
  if (!v?.documentInput) return;
  await ctx.db
    .update(policyVersions)
    .set({ documentInput: { ...v.documentInput, payments } })
    .where(eq(policyVersions.id, policyVersionId));
}
