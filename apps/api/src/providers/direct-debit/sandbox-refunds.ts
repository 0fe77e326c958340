import { addWorkingDays } from '@forecourt/domain/calendar/working-days';
import { londonDate, startOfDayLondon } from '@forecourt/domain/dates';
import { and, eq, inArray, isNotNull, ne, or, sum } from 'drizzle-orm';
import {
  sandboxDdFlows,
  sandboxDdMandates,
  sandboxDdPayments,
  sandboxDdRefunds,
} from '../../db/schema/index.ts';
import {
  deliverWebhook,
  notBeingSent,
  sandboxId,
  sendingLease,
  tellAndHandBack,
  untoldSteps,
} from '../card-payments/webhook-delivery.ts';
import type { ProviderHost } from '../host.ts';
import {
  type DirectDebitRefund,
  type DirectDebitRefundInput,
  DirectDebitRefundRefused,
} from './direct-debit-provider.ts';
import { SANDBOX_REFUND_FAILING_ACCOUNT_NUMBER } from './sandbox-routes.ts';
import { signGoCardlessStyle } from './signature.ts';

/** Working days from a refund's creation to its submission to Bacs, and to its being paid (or failing). */
export const SANDBOX_DD_REFUND_SUBMIT_WORKING_DAYS = 1;
export const SANDBOX_DD_REFUND_PAID_WORKING_DAYS = 3;

type Host = Pick<ProviderHost, 'db' | 'clock'>;
type RefundRow = typeof sandboxDdRefunds.$inferSelect;

const answer = (r: RefundRow): DirectDebitRefund => ({
  refundId: r.id,
  status: r.status,
  amountPence: r.amountPence,
});

/**
 * GoCardless's `POST /refunds` as the sandbox keeps it (ADR 305): the same key answers the same refund; a
 * refund is only for a confirmed payment, never more than what is left of it, and `total_amount_confirmation`
 * must equal the refunds of the payment so far plus this one; otherwise refused, nothing made.
 */
export async function createSandboxRefund(
  { db, clock }: Host,
  input: DirectDebitRefundInput,
): Promise<DirectDebitRefund> {
  const [known] = await db
    .select()
    .from(sandboxDdRefunds)
    .where(eq(sandboxDdRefunds.idempotencyKey, input.idempotencyKey));
  if (known) return answer(known);
  const [payment] = await db
    .select({
      status: sandboxDdPayments.status,
      amountPence: sandboxDdPayments.amountPence,
      webhookUrl: sandboxDdPayments.webhookUrl,
      ending: sandboxDdFlows.accountNumberEnding,
    })
    .from(sandboxDdPayments)
    .innerJoin(sandboxDdMandates, eq(sandboxDdMandates.id, sandboxDdPayments.mandateId))
    .innerJoin(sandboxDdFlows, eq(sandboxDdFlows.id, sandboxDdMandates.flowId))
    .where(eq(sandboxDdPayments.id, input.paymentId));
  if (!payment) throw new DirectDebitRefundRefused(`No payment ${input.paymentId}`);
  if (payment.status !== 'confirmed') {
    throw new DirectDebitRefundRefused(
      `refund_payment_invalid_state: payment ${input.paymentId} is ${payment.status}, not confirmed`,
    );
  }
  const [before] = await db
    .select({ total: sum(sandboxDdRefunds.amountPence) })
    .from(sandboxDdRefunds)
    .where(and(eq(sandboxDdRefunds.paymentId, input.paymentId), ne(sandboxDdRefunds.status, 'failed')));
  const total = Number(before?.total ?? 0) + input.amountPence;
  if (input.amountPence <= 0 || total > payment.amountPence) {
    throw new DirectDebitRefundRefused('refund_amount_invalid: more than is left of the payment');
  }
  if (total !== input.totalRefundedPence) {
    throw new DirectDebitRefundRefused('total_amount_confirmation_invalid');
  }
  const now = clock.now();
  await db
    .insert(sandboxDdRefunds)
    .values({
      id: sandboxId('RF', 14),
      idempotencyKey: input.idempotencyKey,
      paymentId: input.paymentId,
      amountPence: input.amountPence,
      status: 'created',
      fails: payment.ending === SANDBOX_REFUND_FAILING_ACCOUNT_NUMBER.slice(-2),
      metadata: input.metadata,
      webhookUrl: payment.webhookUrl,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [made] = await db
    .select()
    .from(sandboxDdRefunds)
    .where(eq(sandboxDdRefunds.idempotencyKey, input.idempotencyKey));
  if (!made) throw new Error('sandbox refund vanished');
  return answer(made);
}

type Status = RefundRow['status'];
/** GoCardless's event on reaching each state: `created` once submitted for processing, then `paid` or `failed`. */
const EVENT_ON: Partial<Record<Status, { action: string; cause: string }>> = {
  pending_submission: { action: 'created', cause: 'refund_created' },
  paid: { action: 'paid', cause: 'refund_paid' },
  failed: { action: 'failed', cause: 'refund_failed' },
};

/** A refund's path, and the index on it where one created at `createdAt` should be at `now` (ADR 305). */
function pathOf(r: RefundRow, now: Date) {
  const path: Status[] = ['created', 'pending_submission', 'submitted', r.fails ? 'failed' : 'paid'];
  const day = startOfDayLondon(londonDate(r.createdAt));
  const due =
    addWorkingDays(day, SANDBOX_DD_REFUND_PAID_WORKING_DAYS) <= now
      ? 3
      : addWorkingDays(day, SANDBOX_DD_REFUND_SUBMIT_WORKING_DAYS) <= now
        ? 2
        : 1;
  return { path, due };
}

/**
 * The sandbox bank's day for refunds: each open refund moves on to where the clock says it is, with a signed
 * `refunds` webhook for `created`, `paid` and `failed` (GoCardless's events). A step the app did not acknowledge,
 * or that a killed process never sent, is sent again next time, the refund staying where the bank has it (ADR
 * 409). Answers how many refunds moved or were told again.
 */
export async function advanceSandboxRefunds(host: Host, secret: () => Promise<string>) {
  const { db, clock } = host;
  const now = clock.now();
  const open = await db
    .select()
    .from(sandboxDdRefunds)
    .where(
      or(
        inArray(sandboxDdRefunds.status, ['created', 'pending_submission', 'submitted']),
        isNotNull(sandboxDdRefunds.untoldFrom),
      ),
    );
  let moved = 0;
  for (const r of open) {
    const { path, due } = pathOf(r, now);
    const next = untoldSteps(path, r, due);
    if (!next) continue;
    // The move and what the app has still to hear, in one write; one tick of two takes it on (ADR 409).
    const [won] = await db
      .update(sandboxDdRefunds)
      .set({
        status: next.target,
        untoldFrom: r.untoldFrom ?? r.status,
        tells: r.tells + 1,
        sendingUntil: sendingLease(),
        ...(r.status !== next.target ? { updatedAt: now } : {}),
      })
      .where(
        and(
          eq(sandboxDdRefunds.id, r.id),
          eq(sandboxDdRefunds.status, r.status),
          eq(sandboxDdRefunds.tells, r.tells),
          notBeingSent(sandboxDdRefunds.sendingUntil),
        ),
      )
      .returning();
    if (!won) continue;
    moved++;
    await tellAndHandBack(db, sandboxDdRefunds, won, next.steps, async (step) => {
      const event = EVENT_ON[step];
      return !event || deliverRefundEvent(r, event, now, await secret());
    });
  }
  return moved;
}

function deliverRefundEvent(
  r: RefundRow,
  event: { action: string; cause: string },
  now: Date,
  secret: string,
) {
  const body = JSON.stringify({
    events: [
      {
        id: sandboxId('EV', 14),
        created_at: now.toISOString(),
        resource_type: 'refunds',
        action: event.action,
        links: { refund: r.id, payment: r.paymentId },
        details: { origin: event.action === 'failed' ? 'bank' : 'gocardless', cause: event.cause },
        metadata: r.metadata,
      },
    ],
    meta: { webhook_id: sandboxId('WB', 14) },
  });
  return deliverWebhook(r.webhookUrl, body, { 'webhook-signature': signGoCardlessStyle(body, secret) });
}
