import type { RefundHeld } from '@forecourt/contracts/billing';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { customerAccounts, policies, policyVersions, statementLineItems } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { FINANCE, FINANCE_ONLY, requirePermission } from '../../lib/roles.ts';
import { refundCameBack } from './credit-after-cancellation.ts';
import { accountFactsOf } from './standing-facts.ts';

/**
 * GET /api/admin/refundsHeld (ADR 411): the money customers are owed back and did not get, for the finance team,
 * across customers and without acting for one. An account is listed when a refund of it failed or came back
 * (`refundCameBack`, the rule by which the hourly job leaves the credit to staff) and the policy's standing says
 * the money is `held` (ADR 405, the one computation the customer's own pages read): so the list and the page the
 * customer sees cannot disagree. The longest waiting first.
 */
export async function listRefundsHeld(ctx: Pick<Ctx, 'db' | 'caller' | 'clock'>): Promise<RefundHeld[]> {
  requirePermission(ctx.caller, FINANCE, { missing: FINANCE_ONLY });
  const failed = await ctx.db
    .select({
      accountId: statementLineItems.accountId,
      policyId: customerAccounts.policyId,
      type: statementLineItems.type,
      status: statementLineItems.status,
      descriptionKey: statementLineItems.descriptionKey,
      effectiveAt: statementLineItems.effectiveAt,
    })
    .from(statementLineItems)
    .innerJoin(customerAccounts, eq(customerAccounts.id, statementLineItems.accountId))
    .where(
      or(
        eq(statementLineItems.type, 'refund_reversal'),
        and(eq(statementLineItems.type, 'refund'), eq(statementLineItems.status, 'FAILED')),
      ),
    );
  const since = new Map<string, Date>();
  for (const line of failed.filter(refundCameBack)) {
    const seen = since.get(line.policyId);
    const at = line.effectiveAt as Date;
    if (!seen || at > seen) since.set(line.policyId, at);
  }
  const policyIds = [...since.keys()];
  if (policyIds.length === 0) return [];
  const facts = await accountFactsOf(ctx.db, policyIds, ctx.clock.now());
  const held = policyIds.filter((id) => facts.get(id)?.payingBack?.state === 'held');
  if (held.length === 0) return [];
  const rows = await ctx.db
    .select({
      id: policies.id,
      policyNumber: policies.policyNumber,
      status: policies.status,
      partyId: policies.partyId,
    })
    .from(policies)
    .where(inArray(policies.id, held));
  const versions = await ctx.db
    .select({ policyId: policyVersions.policyId, quote: policyVersions.quote })
    .from(policyVersions)
    .where(inArray(policyVersions.policyId, held))
    .orderBy(desc(policyVersions.versionNumber));
  const items: RefundHeld[] = [];
  for (const policy of rows) {
    const standing = facts.get(policy.id);
    const back = standing?.payingBack;
    if (!standing || !back) continue;
    // The policyholder as the latest version names them (a change of name or e-mail is a new version).
    const quote = versions.find((v) => v.policyId === policy.id)?.quote as
      | { insuredProfiles?: unknown[] }
      | undefined;
    const holder = policyholderOf({ profiles: (quote?.insuredProfiles ?? []) as never[] }) as {
      firstName?: unknown;
      lastName?: unknown;
      email?: unknown;
    };
    const name = [holder.firstName, holder.lastName].filter((n) => typeof n === 'string').join(' ');
    items.push({
      policyId: policy.id,
      policyNumber: policy.policyNumber,
      policyStatus: policy.status,
      accountId: standing.accountId,
      partyId: policy.partyId,
      holderName: name.trim() || 'Policyholder',
      email: typeof holder.email === 'string' ? holder.email : null,
      amount: back.amount,
      method: back.method,
      since: (since.get(policy.id) as Date).toISOString(),
    });
  }
  return items.sort((a, b) => a.since.localeCompare(b.since) || a.policyNumber.localeCompare(b.policyNumber));
}
