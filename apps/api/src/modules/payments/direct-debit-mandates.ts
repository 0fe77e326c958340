import { randomBytes, randomUUID } from 'node:crypto';
import type { DirectDebitFlowBody } from '@forecourt/contracts/payments';
import { and, desc, eq } from 'drizzle-orm';
import { ddRedirectFlows, paymentMethods } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { DirectDebitFlowError } from '../../providers/direct-debit/direct-debit-provider.ts';
import { type AfterCommit, runAfterCommit } from './fulfilment.ts';
import { methodReady } from './method-ready.ts';
import { assertReturnUrls } from './return-urls.ts';
import { runSetupChecks } from './setup-checks.ts';

type MethodRow = typeof paymentMethods.$inferSelect;

export const toMandate = (m: MethodRow) => ({
  mandateId: m.providerReference,
  type: 'BACS_DEBIT' as const,
  status: m.mandateStatus ?? 'PENDING_CUSTOMER_APPROVAL',
  bankName: m.bankName,
  accountNumberEnding: m.accountNumberEnding,
  createdAt: m.createdAt.toISOString(),
});

/** POST /api/gocardless/flows: start a redirect flow; the browser goes to redirectUrl. */
export async function startMandateFlow(ctx: Ctx, input: DirectDebitFlowBody & { appOrigin: string }) {
  const partyId = requireParty(ctx.caller);
  assertReturnUrls(ctx, input.appOrigin, { successUrl: input.successUrl });
  if (input.clientReference) await runSetupChecks(ctx, partyId, input.clientReference);
  const provider = ctx.providers.directDebit;
  const sessionToken = randomBytes(24).toString('base64url');
  const flow = await provider.createRedirectFlow({
    description: input.mandateDescription,
    sessionToken,
    successUrl: input.successUrl,
    appOrigin: input.appOrigin,
  });
  await ctx.db.insert(ddRedirectFlows).values({
    id: flow.id,
    partyId,
    provider: provider.name,
    sessionToken,
    description: input.mandateDescription,
    clientReference: input.clientReference ?? null,
  });
  return { redirectFlowId: flow.id, redirectUrl: flow.redirectUrl };
}

/**
 * POST /api/gocardless/mandates: the customer is back with redirect_flow_id; complete the flow into a
 * mandate (pending customer approval). Safe to repeat: a completed flow gives the same mandate.
 */
export async function completeMandateFlow(ctx: Ctx, redirectFlowId: string) {
  const partyId = requireParty(ctx.caller);
  const [flow] = await ctx.db
    .select()
    .from(ddRedirectFlows)
    .where(and(eq(ddRedirectFlows.id, redirectFlowId), eq(ddRedirectFlows.partyId, partyId)));
  if (!flow) throw notFound('No such Direct Debit set-up');
  const provider = ctx.providers.directDebit;
  let mandate: Awaited<ReturnType<typeof provider.completeRedirectFlow>>;
  try {
    mandate = await provider.completeRedirectFlow(flow.id, flow.sessionToken);
  } catch (err) {
    if (err instanceof DirectDebitFlowError) throw new AppError('UNPROCESSABLE', err.message);
    throw err;
  }
  const now = ctx.clock.now();
  let afterCommit: AfterCommit | undefined;
  const answer = await ctx.db.transaction(async (tx) => {
    await tx
      .insert(paymentMethods)
      .values({
        id: randomUUID(),
        partyId,
        type: 'BACS_DEBIT',
        provider: provider.name,
        providerReference: mandate.mandateId,
        display: `Direct Debit ${mandate.bankName ?? ''} ••${mandate.accountNumberEnding ?? ''}`.replace(
          /\s+/g,
          ' ',
        ),
        mandateStatus: mandate.status,
        bankName: mandate.bankName,
        accountNumberEnding: mandate.accountNumberEnding,
      })
      .onConflictDoNothing();
    await tx
      .update(ddRedirectFlows)
      .set({ mandateReference: mandate.mandateId, completedAt: now })
      .where(eq(ddRedirectFlows.id, flow.id));
    const [row] = await tx
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.provider, provider.name),
          eq(paymentMethods.providerReference, mandate.mandateId),
        ),
      );
    // Rarely active at once (GoCardless: pending until the bank approves): then it collects already.
    if (row?.mandateStatus === 'ACTIVE' && !flow.completedAt) {
      afterCommit = await methodReady(ctx, tx, {
        partyId,
        clientReference: flow.clientReference,
        method: row,
      });
    }
    return toMandate(row!);
  });
  await runAfterCommit(ctx, afterCommit);
  return answer;
}

/** GET /api/gocardless/mandates: the caller's Direct Debit mandates, newest first. */
export async function listMandates(ctx: Ctx) {
  const partyId = requireParty(ctx.caller);
  const rows = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.partyId, partyId), eq(paymentMethods.type, 'BACS_DEBIT')))
    .orderBy(desc(paymentMethods.createdAt));
  return rows.map(toMandate);
}
