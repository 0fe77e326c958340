import { and, eq, inArray, sum } from 'drizzle-orm';
import {
  customerAccounts,
  parties,
  policies,
  statementLineItems,
  statements,
} from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { paymentMethodViews } from '../payments/index.ts';

/**
 * GET /api/customerAccounts: the caller's accounts, with balance and amount outstanding in pence; filtered by
 * policy number or by the proposal whose bind opened the account (none before bind). `paymentMethodUsable`:
 * the account's card or mandate can still collect (home's missing-payment-method banner).
 */
export async function listCustomerAccounts(
  ctx: Ctx,
  filter: { policyNumber?: string | undefined; proposalCode?: string | undefined },
) {
  const partyId = requireParty(ctx.caller);
  const accounts = await ctx.db
    .select()
    .from(customerAccounts)
    .where(
      and(
        eq(customerAccounts.partyId, partyId),
        filter.policyNumber ? eq(customerAccounts.accountCode, filter.policyNumber) : undefined,
        filter.proposalCode
          ? inArray(
              customerAccounts.policyId,
              ctx.db
                .select({ id: policies.id })
                .from(policies)
                .where(and(eq(policies.proposalCode, filter.proposalCode), eq(policies.partyId, partyId))),
            )
          : undefined,
      ),
    );
  if (accounts.length === 0) return [];
  const ids = accounts.map((a) => a.id);
  const balances = await ctx.db
    .select({ accountId: statementLineItems.accountId, balance: sum(statementLineItems.amountPence) })
    .from(statementLineItems)
    .where(and(inArray(statementLineItems.accountId, ids), eq(statementLineItems.status, 'POSTED')))
    .groupBy(statementLineItems.accountId);
  const outstanding = await ctx.db
    .select({ accountId: statements.accountId, due: sum(statements.amountOutstandingPence) })
    .from(statements)
    .where(and(inArray(statements.accountId, ids), inArray(statements.status, ['pending', 'failed'])))
    .groupBy(statements.accountId);
  const [party] = await ctx.db.select().from(parties).where(eq(parties.id, partyId));
  const methods = await paymentMethodViews(
    ctx,
    partyId,
    accounts.flatMap((a) => (a.paymentMethodId ? [a.paymentMethodId] : [])),
  );
  return accounts.map((a) => {
    const method = a.paymentMethodId ? methods.get(a.paymentMethodId) : undefined;
    return {
      accountId: a.id,
      accountCode: a.accountCode,
      paymentDay: a.paymentDay,
      paymentMethodType: a.paymentMethodType,
      accountBalance: Number(balances.find((b) => b.accountId === a.id)?.balance ?? 0),
      outstandingAmount: Number(outstanding.find((o) => o.accountId === a.id)?.due ?? 0),
      accountStatus: a.status,
      accountRegistered: party?.kind === 'customer',
      paymentMethodUsable: method?.usable ?? false,
      paymentMethod: method ? { display: method.display, mandateStatus: method.mandateStatus } : null,
    };
  });
}
