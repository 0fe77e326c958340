import { paymentMethodNeeded } from '@forecourt/domain/billing/payment-method';
import type { PolicyStatus } from '@forecourt/domain/enums';
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
import { latestMandatesFor, paymentMethodViews } from '../payments/index.ts';
import { renewalsOpenToTakeUp } from './account-payment-method.ts';
import { productOf } from './payment-day.ts';

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
  const replacements = await latestMandatesFor(ctx, partyId, ids);
  const policyRows = await ctx.db
    .select({ id: policies.id, schemeCode: policies.schemeCode, status: policies.status })
    .from(policies)
    .where(
      and(
        eq(policies.partyId, partyId),
        inArray(
          policies.id,
          accounts.map((a) => a.policyId),
        ),
      ),
    );
  const open = await renewalsOpenToTakeUp(
    ctx.db,
    policyRows.map((r) => r.id),
    ctx.clock.now(),
  );
  const needed = (policyId: string) => {
    const p = policyRows.find((r) => r.id === policyId);
    return p
      ? paymentMethodNeeded({
          product: productOf(ctx, p.schemeCode),
          policyStatus: p.status as PolicyStatus,
          renewalOpen: open.has(p.id),
        })
      : false;
  };
  /** A mandate set up for the account that is newer than its collecting method and not it (ADR 310). */
  const pending = (a: (typeof accounts)[number]) => {
    const m = replacements.get(a.id);
    const current = a.paymentMethodId ? methods.get(a.paymentMethodId) : undefined;
    if (!m || m.id === a.paymentMethodId || (current && current.createdAt >= m.createdAt)) return null;
    return { display: m.display, mandateStatus: m.mandateStatus };
  };
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
      paymentMethodNeeded: needed(a.policyId),
      pendingPaymentMethod: pending(a),
    };
  });
}
