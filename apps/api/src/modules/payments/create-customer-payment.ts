import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { customerPayments } from '../../db/schema/index.ts';
import { insertRows } from '../../db/values.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { closeOpenSessions } from './create-card-session.ts';
import { isBeingCharged, openAndUnclaimed } from './settle-by-token.ts';

export interface CreateCustomerPaymentInput {
  partyId: string;
  purpose: 'bind' | 'mta' | 'settle' | 'statement';
  /** The proposal code, adjustment id or account id the payment is for. */
  reference: string;
  amountPence: number;
  /** The payer's date of birth on file (yyyy-mm-dd); a phone payment must quote it. */
  payerDateOfBirth?: string | undefined;
}

/** A payment due from a customer, PENDING until a card or Direct Debit settles it. */
export async function createCustomerPayment(ctx: Pick<Ctx, 'db'>, input: CreateCustomerPaymentInput) {
  const [row] = await ctx.db.insert(customerPayments).values(paymentRow(input)).returning();
  return row!;
}

/**
 * One open payment per thing paid for (ADR 341): the open (PENDING or FAILED) payment of the party for this
 * purpose and reference, its amount brought up to date, or a new one. Call it in a transaction that holds the
 * lock of what it pays for (an account's row), so two callers at once make one. A payment a phone call is
 * charging now is a 409. Answers the payment and the card sessions closed because its amount changed, which
 * the caller expires at the provider once committed.
 */
export async function openPaymentFor(ctx: Pick<Ctx, 'db' | 'clock'>, input: CreateCustomerPaymentInput) {
  const beingCharged = new AppError('CONFLICT', 'A payment for this balance is being taken now.');
  // NOWAIT: a payment a webhook or a phone charge is settling is locked by it; waiting for it while holding
  // the lock of what it pays for could deadlock with its fulfilment (which takes that lock too). A page opened
  // for the same payment a moment ago also locks it, for the few milliseconds of recording its session (the
  // second press of Pay now, which must replace the first page, not fail): so the lock is tried a few times,
  // never waited for, each try in a savepoint, before it counts as a charge in progress.
  let open: typeof customerPayments.$inferSelect | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      [open] = await ctx.db.transaction((savepoint) =>
        savepoint
          .select()
          .from(customerPayments)
          .where(
            and(
              eq(customerPayments.partyId, input.partyId),
              eq(customerPayments.purpose, input.purpose),
              eq(customerPayments.reference, input.reference),
              inArray(customerPayments.status, ['PENDING', 'FAILED']),
            ),
          )
          .orderBy(desc(customerPayments.createdAt))
          .limit(1)
          .for('update', { noWait: true }),
      );
      break;
    } catch (err) {
      if (!isLockNotAvailable(err)) throw err;
      if (attempt >= LOCK_TRIES) throw beingCharged;
      await new Promise((r) => setTimeout(r, LOCK_RETRY_MS));
    }
  }
  if (!open) return { payment: await createCustomerPayment(ctx, input), closed: [] as string[] };
  const now = ctx.clock.now();
  if (isBeingCharged(open, now)) throw beingCharged;
  const dob = input.payerDateOfBirth ?? null;
  if (open.amountPence === input.amountPence && open.payerDateOfBirth === dob) {
    return { payment: open, closed: [] as string[] };
  }
  paymentRow(input);
  const closed = await closeOpenSessions(ctx.db, open);
  const [row] = await ctx.db
    .update(customerPayments)
    .set({ amountPence: input.amountPence, payerDateOfBirth: dob, updatedAt: now })
    .where(and(eq(customerPayments.id, open.id), openAndUnclaimed(now)))
    .returning();
  if (!row) throw beingCharged;
  return { payment: row, closed };
}

/** Tries of a payment's lock, LOCK_RETRY_MS apart, before it counts as being charged (about 0.1 s in all). */
const LOCK_TRIES = 5;
const LOCK_RETRY_MS = 25;

const isLockNotAvailable = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '55P03' || e.cause?.code === '55P03';
};

/** Many payments due in one multi-row INSERT (the billing run's page of statements, ADR 320). */
export async function createCustomerPayments(ctx: Pick<Ctx, 'db'>, inputs: CreateCustomerPaymentInput[]) {
  await insertRows(ctx.db, customerPayments, inputs.map(paymentRow));
}

function paymentRow(input: CreateCustomerPaymentInput) {
  if (!Number.isInteger(input.amountPence) || input.amountPence < 0) {
    throw new Error('A payment amount is a whole, non-negative number of pence');
  }
  return {
    id: randomUUID(),
    partyId: input.partyId,
    purpose: input.purpose,
    reference: input.reference,
    amountPence: input.amountPence,
    payerDateOfBirth: input.payerDateOfBirth ?? null,
  };
}

export const toCustomerPayment = (p: typeof customerPayments.$inferSelect) => ({
  paymentId: p.id,
  purpose: p.purpose,
  reference: p.reference,
  amount: p.amountPence,
  currency: 'GBP' as const,
  status: p.status,
  declineCode: p.declineCode,
});
