import { tz } from '@date-fns/tz';
import type { Quote } from '@forecourt/contracts/proposals';
import { addMonths, setDate, startOfDay } from 'date-fns';
import { and, desc, eq } from 'drizzle-orm';
import { customerAccounts, policyVersions } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireStaffActingFor } from '../../lib/roles.ts';

const london = tz('Europe/London');

async function ownAccount(ctx: Ctx, accountId: string) {
  const partyId = requireParty(ctx.caller);
  const [account] = await ctx.db
    .select()
    .from(customerAccounts)
    .where(and(eq(customerAccounts.id, accountId), eq(customerAccounts.partyId, partyId)));
  if (!account) throw notFound('No such account');
  return account;
}

/** PUT /api/customerAccounts/{id}/paymentDay: staff only (spec 2 §4), 1 to 28; the same day changes nothing. */
export async function changePaymentDay(ctx: Ctx, accountId: string, paymentDay: number) {
  requireStaffActingFor(ctx.caller, 'Only staff can change the payment day.');
  const account = await ownAccount(ctx, accountId);
  if (account.paymentDay !== paymentDay) {
    await ctx.db.update(customerAccounts).set({ paymentDay }).where(eq(customerAccounts.id, account.id));
  }
  return { paymentDay };
}

/** GET /api/customerAccounts/{id}/nextStatementEstimate: the next payment day and the regular instalment. */
export async function nextStatementEstimate(ctx: Ctx, accountId: string) {
  const account = await ownAccount(ctx, accountId);
  const [version] = await ctx.db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.policyId, account.policyId))
    .orderBy(desc(policyVersions.versionNumber))
    .limit(1);
  const quote = version?.quote as Quote | undefined;
  const today = startOfDay(ctx.clock.now(), { in: london });
  let due = setDate(today, account.paymentDay, { in: london });
  if (due <= today) due = addMonths(due, 1, { in: london });
  return { paymentDueAt: due.toISOString(), amount: quote?.totals?.monthly?.regular ?? 0 };
}
