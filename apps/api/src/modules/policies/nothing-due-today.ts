import type { Quote } from '@forecourt/contracts/proposals';
import { nothingDueToday } from '@forecourt/domain/billing/collection';
import { and, eq } from 'drizzle-orm';
import { proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { amountDueAtBind } from './amount-due.ts';

/**
 * Spec 3 §4 step 9: a payment method alone may be set up for a purchase only when nothing is due today;
 * otherwise today's amount is taken by card (which saves the card) and Direct Debit takes the later months.
 * Registered with payments as a card-setup check; the rule itself is the domain's `nothingDueToday` (ADR 315).
 */
export async function assertNothingDueToday(ctx: Ctx, partyId: string, clientReference: string | undefined) {
  if (!clientReference) return;
  const [proposal] = await ctx.db
    .select()
    .from(proposals)
    .where(and(eq(proposals.proposalCode, clientReference), eq(proposals.partyId, partyId)));
  if (proposal?.status !== 'QUOTE') return;
  const quote = proposal.quote as Quote | null;
  if (quote && !nothingDueToday(amountDueAtBind(quote))) {
    throw new AppError(
      'UNPROCESSABLE',
      'Something is due today: pay it by card first (your card is then saved for the monthly payments).',
    );
  }
}
