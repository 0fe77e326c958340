import type { Policy } from '@forecourt/contracts/policies';
import type { Quote } from '@forecourt/contracts/proposals';
import { formatGBP } from '@forecourt/domain/money';
import { canTakeUpLapsedRenewal, takeUpUntil } from '@forecourt/domain/renewal-take-up';
import { addYears } from 'date-fns';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { type ProposalRow, type RenewalRow, renewals } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { requestPolicyDocuments } from '../documents/index.ts';
import { chargeSavedCard, createCustomerPayment, latestPaymentFor, recordCharge } from '../payments/index.ts';
import {
  amountDueAtBind,
  getPolicy,
  type PolicyRow,
  policyById,
  renewalMethodOf,
} from '../policies/index.ts';
import { proposalByCode, reopenRenewalQuote } from '../proposals/index.ts';
import { renewFromProposal } from './renew-from-proposal.ts';

const lock = (tx: Db, policyId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`renewal:${policyId}`}))`);

/**
 * At the anniversary, an offered renewal the customer opted out of (INVITED at a QUOTE, not stopped, not
 * NEVER) stays open for take-up for LAPSED_RENEWAL_TAKE_UP_DAYS (ADR 335): the renewal proposal QUOTE again,
 * valid until then. Answers that date, or nothing when the renewal cannot be taken up (referred, unreviewed).
 */
export async function keepOpenForTakeUp(
  tx: Db,
  o: { policy: PolicyRow; proposal: ProposalRow; row: RenewalRow; quote: Quote | null; at: Date },
): Promise<Date | undefined> {
  const { policy, proposal, row } = o;
  if (!o.quote || row.status !== 'INVITED' || policy.renewalStopped || policy.reviewType === 'NEVER')
    return undefined;
  if (proposal.status !== 'QUOTE' && proposal.status !== 'QUOTE_EXPIRED') return undefined;
  const until = takeUpUntil(row.anniversaryAt);
  await reopenRenewalQuote(tx, proposal.proposalCode, { until, now: o.at });
  return until;
}

type Takeable =
  | { successorPolicyId: string }
  | { policy: PolicyRow; row: RenewalRow; proposal: ProposalRow; quote: Quote };

/** The lapsed policy's renewal that can be taken up now, its successor when it already was, or the refusal. */
async function takeable(tx: Db, policyId: string, now: Date): Promise<Takeable> {
  const policy = await policyById(tx, policyId);
  const [row] = await tx
    .select()
    .from(renewals)
    .where(eq(renewals.policyId, policyId))
    .orderBy(desc(renewals.cycle))
    .limit(1);
  if (row?.successorPolicyId) return { successorPolicyId: row.successorPolicyId };
  const proposal = row ? await proposalByCode(tx, row.proposalCode) : undefined;
  const quote = (proposal?.quote ?? null) as Quote | null;
  if (!policy || !row || !proposal || !quote || !canTakeUpLapsedRenewal(policy, proposal, now)) {
    const status = proposal?.status ?? 'none';
    const expired =
      status === 'QUOTE_EXPIRED' || (proposal?.quoteExpiresAt && proposal.quoteExpiresAt <= now);
    throw new AppError(
      expired ? 'GONE' : 'CONFLICT',
      expired
        ? 'Renewal unsupported in status QUOTE_EXPIRED: this renewal quote can no longer be taken up. Please get a new quote.'
        : `Renewal unsupported in status ${status === 'QUOTE' ? 'LAPSED' : status}: this policy has ended and has no renewal quote to take up.`,
    );
  }
  return { policy, row, proposal, quote };
}

/**
 * Spec 2 §8, spec 3's error table: an outstanding balance blocks activation (pay via the dashboard). A lapsed
 * policy whose account still owes money (its standing's arrears: a failed statement, or one asking with no
 * collection on its way) cannot be taken up until that is paid (ADR 397). 409 naming the amount.
 */
function refuseWhileOwed(policy: Policy) {
  const owed = policy.standing?.arrears;
  if (!owed) return;
  throw new AppError(
    'CONFLICT',
    `${formatGBP(owed.amount)} is outstanding on policy ${policy.policyNumber}. Please pay it from the Billing tab of your policy first: then you can renew.`,
    { details: { reason: 'OUTSTANDING_BALANCE', amount: owed.amount } },
  );
}

/**
 * GET /api/policies/{id}/renewal/takeUp (ADR 353): what opting back in on a lapsed policy will do, for the
 * confirmation the customer sees first: the amount taken today (what `takeUpLapsedRenewal` charges: the annual
 * price or the first instalment), the instalments after it, when cover starts (now, at confirmation) and ends,
 * and the method that pays (the card charged today, or the Direct Debit that collects). 409 / 410 as the
 * take-up itself; no method is a 402, as there.
 */
export async function takeUpOffer(ctx: Ctx, policyId: string) {
  const partyId = requireParty(ctx.caller);
  const now = ctx.clock.now();
  const policy = await getPolicy(ctx, policyId); // the caller's own (404 otherwise)
  if (policy.policyDetail.policyStatus !== 'LAPSED')
    throw new AppError('CONFLICT', 'This policy has not lapsed: there is nothing to take up.');
  const found = await takeable(ctx.db, policyId, now);
  if ('successorPolicyId' in found) throw new AppError('CONFLICT', 'This renewal has already been taken up.');
  refuseWhileOwed(policy);
  const method = await renewalMethodOf(ctx, { id: policyId, partyId });
  if (!method) throw new AppError('PAYMENT_REQUIRED', 'A card or Direct Debit is needed for the payments.');
  const monthly = found.quote.totals?.monthly ?? null;
  return {
    dueToday: amountDueAtBind(found.quote),
    total: found.quote.totals?.discountedPrice ?? 0,
    monthly: monthly ? { regular: monthly.regular, count: monthly.count } : null,
    startsAt: now.toISOString(),
    endsAt: addYears(now, 1).toISOString(),
    paymentMethod: { type: method.type, display: method.display },
  };
}

/**
 * PUT /api/policies/{id}/autoRenewal {enabled: true} on a LAPSED policy (spec 2 §2/§4: opt back in from the
 * opted-out banner; spec 3 §4: the quote can be re-activated; ADR 335): the renewal quote taken up, exactly
 * once. Cover starts now (never backdated over the gap) for a year. What is due today (the annual price, or
 * the first instalment) is charged to the saved card first when the collecting method is a card — declined,
 * nothing is made; a Direct Debit mandate collects it as it collects every statement. Then the anniversary's
 * path: the successor policy, billing from its start, documents, MID event, e-mail. Answers the new policy.
 */
export async function takeUpLapsedRenewal(ctx: Ctx, policy: Policy) {
  const partyId = requireParty(ctx.caller);
  const policyId = policy.policyId;
  const now = ctx.clock.now();
  const first = await ctx.db.transaction(async (tx) => {
    await lock(tx, policyId);
    const found = await takeable(tx, policyId, now);
    if ('successorPolicyId' in found) return found;
    // Before any card is charged; a retry of one taken up already answers its successor above.
    refuseWhileOwed(policy);
    // The method the lapsed policy's account collected by (ADR 316), as the successor's account will.
    const method = await renewalMethodOf({ db: tx }, { id: policyId, partyId });
    if (!method) throw new AppError('PAYMENT_REQUIRED', 'A card or Direct Debit is needed for the payments.');
    const due = amountDueAtBind(found.quote);
    if (due === 0 || method.type !== 'CARD') return { method, payment: undefined };
    const reference = found.proposal.proposalCode;
    const last = await latestPaymentFor({ db: tx }, { partyId, purpose: 'bind', reference });
    const reusable = last && last.status !== 'FAILED' && last.amountPence === due;
    const payment = reusable
      ? last
      : await createCustomerPayment({ db: tx }, { partyId, purpose: 'bind', reference, amountPence: due });
    return { method, payment };
  });
  if ('successorPolicyId' in first) return getPolicy(ctx, first.successorPolicyId);
  const { method, payment } = first;
  if (payment?.status === 'PENDING') {
    // Outside the transaction (a provider call); its idempotency key is the payment: one charge, however many ask.
    const charge = await chargeSavedCard(ctx, {
      paymentId: payment.id,
      paymentMethodId: method.id,
      attempt: 1,
      description: `Renewal ${payment.reference}`,
    });
    await ctx.db.transaction((tx) => recordCharge({ ...ctx, db: tx }, payment.id, charge));
    if (charge.status !== 'succeeded')
      throw new AppError(
        'PAYMENT_REQUIRED',
        `Your card was not charged${charge.status === 'declined' ? ` (${charge.declineCode})` : ''}: nothing has changed. Add a card in your payment settings, or call us.`,
      );
  }
  let documents: string | undefined;
  const successorPolicyId = await ctx.db.transaction(async (tx) => {
    await lock(tx, policyId);
    const found = await takeable(tx, policyId, now);
    if ('successorPolicyId' in found) return found.successorPolicyId;
    const settled = payment
      ? await latestPaymentFor(
          { db: tx },
          { partyId, purpose: 'bind', reference: payment.reference, settled: true },
        )
      : undefined;
    if (payment && !settled) throw new AppError('PAYMENT_REQUIRED', 'The first payment has not been made.');
    const successor = await renewFromProposal(ctx, tx, {
      ...found,
      at: now,
      takenUp: { startAt: now, payment: settled },
    });
    documents = successor.versionId;
    return successor.policyId;
  });
  if (documents) await requestPolicyDocuments(ctx, documents);
  return getPolicy(ctx, successorPolicyId);
}
