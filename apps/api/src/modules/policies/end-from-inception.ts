import type { NotTakenUpBody, PolicyEndResult, VoidPolicyBody } from '@forecourt/contracts/policies';
import { formatLondon } from '@forecourt/domain/dates';
import { policyMachine } from '@forecourt/domain/lifecycle/index';
import { formatGBP } from '@forecourt/domain/money';
import { ntuAllowed, voidRefundsPremium } from '@forecourt/domain/policy/void-ntu';
import { eq } from 'drizzle-orm';
import { policies } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { type Permission, requirePermission, requireStaffActingFor } from '../../lib/roles.ts';
import {
  collectedFor,
  payOutCancellationRefund,
  postCancellationCredit,
  postedCancellationFigures,
} from '../billing/index.ts';
import { END_EVENT, endPolicy } from './end-policy.ts';
import { getPolicy } from './get-policies.ts';
import { emailPolicyholder } from './holder-email.ts';

/** Staff who may void a policy or mark it not taken up (with access:impersonate to act for the customer). */
export const UNDERWRITING_PERMISSION = 'action:underwriting' satisfies Permission;

const SAY: Record<string, string> = {
  DELIBERATE_OR_RECKLESS_MISREPRESENTATION:
    'information given when the policy was bought was deliberately or recklessly untrue',
  CARELESS_MISREPRESENTATION:
    'information given when the policy was bought was wrong, and with the right information we would not have offered cover',
  FRAUD: 'we found the policy was obtained by fraud',
  FIRST_PAYMENT_FAILED: 'we did not receive the first payment',
  WITHDRAWN_BEFORE_START: 'you told us you no longer wanted it before the cover began',
};

type End = { status: 'VOIDED'; body: VoidPolicyBody } | { status: 'NTU'; body: NotTakenUpBody };

/**
 * POST /api/policies/{id}/void and /notTakenUp (ADR 240): staff with action:underwriting, acting for the
 * customer, end a policy from its inception. One transaction: the end (status, reason, note, MID event:
 * endPolicy), the ledger (every charge credited; anything collected refunded, except a void that keeps the
 * premiums), the customer's e-mail; the card refund is paid after commit. The impersonated request is in the
 * audit log. The body repeats the policy number (a mistyped id ends nothing: 400). The same end again (a
 * retry, or two at once) answers the first outcome; another end of an ended policy: 409.
 */
async function endFromInception(ctx: Ctx, policyId: string, end: End): Promise<PolicyEndResult> {
  requireStaffActingFor(ctx.caller);
  const caller = requirePermission(ctx.caller, UNDERWRITING_PERMISSION);
  const policy = await getPolicy(ctx, policyId);
  if (end.body.policyNumber.toUpperCase() !== policy.policyNumber.toUpperCase()) {
    throw validation(
      { policyNumber: ['validation.policyNumberMismatch'] },
      'That is not this policy’s number.',
    );
  }
  const now = ctx.clock.now();
  const inception = new Date(policy.policyDetail.inceptedAt);
  const { reason, note } = end.body;
  const keepPaid = end.status === 'VOIDED' && !voidRefundsPremium(end.body.reason);
  const posted = await ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    if (end.status === 'NTU') {
      const collectedPence = await collectedFor(t, policyId);
      const status = policy.policyDetail.policyStatus;
      const allowed = ntuAllowed({ status, inceptedAt: inception, collectedPence, now });
      if (allowed === 'started-and-paid') {
        throw new AppError(
          'UNPROCESSABLE',
          'Cover has started and been paid for: cancel or void it instead.',
          {
            details: { reason: 'NTU_NOT_ALLOWED' },
          },
        );
      }
    }
    const email = caller.claims.email;
    const by = { subject: typeof email === 'string' ? email : caller.userId, note };
    const ended = await endPolicy(t, {
      policyId,
      status: end.status,
      reason,
      at: inception,
      now,
      mode: 'supersede',
      by,
    });
    if (!ended) {
      // The same end again (a retry after a timeout, or two at once): the first answer, nothing posted twice.
      const again = await sameEndAgain(t, policyId, end.status, reason);
      if (again) return { ...again, refundLineId: null };
      // Ended otherwise: the policy machine's refusal (409 naming the state and the event), if it is one.
      const [current] = await tx
        .select({ status: policies.status })
        .from(policies)
        .where(eq(policies.id, policyId));
      if (current) nextStatus(policyMachine, current.status, END_EVENT[end.status]);
      throw new AppError('CONFLICT', 'This policy has already ended.');
    }
    const reference = `${end.status}:${reason}`;
    const ledger = await postCancellationCredit(t, { policyId, at: inception, now, reference, keepPaid });
    await tellPolicyholder(t, policy, end.status, reason, ledger.refundPence, inception);
    return ledger;
  });
  if (posted.refundLineId) await payOutCancellationRefund(ctx, posted.refundLineId);
  return {
    policyId,
    policyStatus: end.status,
    terminatedAt: inception.toISOString(),
    reason,
    creditPence: posted.creditPence,
    refundPence: posted.refundPence,
  };
}

/** The figures of this very end when the policy already ended so (same status and reason), else null. */
async function sameEndAgain(ctx: Ctx, policyId: string, status: 'VOIDED' | 'NTU', reason: string) {
  const [row] = await ctx.db
    .select({ status: policies.status, reason: policies.cancellationReason })
    .from(policies)
    .where(eq(policies.id, policyId));
  if (row?.status !== status || row.reason !== reason) return null;
  return (await postedCancellationFigures(ctx, policyId)) ?? { creditPence: 0, refundPence: 0 };
}

async function tellPolicyholder(
  ctx: Ctx,
  policy: Awaited<ReturnType<typeof getPolicy>>,
  status: 'VOIDED' | 'NTU',
  reason: string,
  refundPence: number,
  inception: Date,
) {
  const { policyNumber } = policy;
  const start = formatLondon(inception, 'd MMMM yyyy');
  const why = SAY[reason] ?? reason;
  const money =
    refundPence > 0
      ? `We will pay ${formatGBP(refundPence)} back to you; it reaches your account in 7 to 10 working days.`
      : status === 'VOIDED'
        ? 'As the law allows, we keep the premiums paid; nothing more is due from you.'
        : 'There is nothing to pay and nothing to pay back.';
  const lines =
    status === 'VOIDED'
      ? [
          `We have voided your policy ${policyNumber} from its start on ${start}, because ${why}.`,
          'It is treated as if it never existed: you were not insured under it and must not drive the vehicle on it.',
          money,
          'If you disagree, reply to this e-mail; you may also refer a complaint to the Financial Ombudsman Service.',
        ]
      : [
          `Your policy ${policyNumber} was not taken up, because ${why}. It is cancelled from its start on ${start}.`,
          'You have not been insured under it and must not drive the vehicle on it.',
          money,
        ];
  const quote = policy.currentPolicyVersion.quote as { insuredProfiles?: never[] };
  await emailPolicyholder(ctx, quote.insuredProfiles, {
    subject:
      status === 'VOIDED'
        ? `Your policy ${policyNumber} is void`
        : `Your policy ${policyNumber} was not taken up`,
    lines,
    payload: { type: status === 'VOIDED' ? 'policy.voided' : 'policy.ntu', policyNumber, reason },
  });
}

/** Voids a policy from inception (misrepresentation, fraud): see endFromInception. */
export const voidPolicy = (ctx: Ctx, policyId: string, body: VoidPolicyBody) =>
  endFromInception(ctx, policyId, { status: 'VOIDED', body });

/** Marks a policy not taken up (NTU) from inception: see endFromInception. */
export const markNotTakenUp = (ctx: Ctx, policyId: string, body: NotTakenUpBody) =>
  endFromInception(ctx, policyId, { status: 'NTU', body });
