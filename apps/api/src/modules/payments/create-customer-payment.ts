import { randomUUID } from 'node:crypto';
import { customerPayments } from '../../db/schema/index.ts';
import { insertRows } from '../../db/values.ts';
import type { Ctx } from '../../lib/context.ts';

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
