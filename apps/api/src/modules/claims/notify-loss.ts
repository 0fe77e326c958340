import { randomUUID } from 'node:crypto';
import type { FnolResponse, fnolRequestSchema } from '@forecourt/contracts/claims';
import { formatLondon, londonDate } from '@forecourt/domain/dates';
import type { z } from 'zod';
import { claimEvents, claims } from '../../db/schema/index.ts';
import type { Caller, Ctx } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { enqueue } from '../../lib/outbox.ts';
import { newClaimReference } from './claim-reference.ts';
import { type ClaimedPolicy, claimedPolicy } from './claimed-policy.ts';

export type LossReport = z.output<typeof fnolRequestSchema>;

/** Who did a step of a claim, for its history. */
export function actorOf(caller: Caller): { actorKind: 'customer' | 'staff'; actorSubject: string | null } {
  if (caller.kind === 'admin') return { actorKind: 'staff', actorSubject: caller.userId };
  if (caller.kind === 'customer') return { actorKind: 'customer', actorSubject: caller.userId };
  return { actorKind: 'customer', actorSubject: caller.kind === 'anonymous' ? caller.partyId : null };
}

/** When: not in the future and within the policy's cover period (field errors otherwise). */
function checkWhen(policy: ClaimedPolicy, occurredAt: Date, now: Date) {
  if (policy.status === 'VOIDED' || policy.status === 'NTU') {
    throw new AppError('UNPROCESSABLE', 'This policy never gave cover, so a claim cannot be made on it.');
  }
  const day = (d: Date) => formatLondon(d, 'd MMMM yyyy, HH:mm');
  if (occurredAt > now) throw validation({ occurredAt: ['This cannot be in the future'] });
  if (occurredAt < policy.coverFrom) {
    throw validation({ occurredAt: [`Your cover started on ${day(policy.coverFrom)}`] });
  }
  if (policy.coverTo && occurredAt > policy.coverTo) {
    throw validation({ occurredAt: [`Your cover ended on ${day(policy.coverTo)}`] });
  }
}

/**
 * Records a first notification of loss on the caller's policy: the claim (status pending) with its
 * reference, the first step of its history, and the confirmation e-mail in the outbox, in one
 * transaction. `source` says whether the customer used our form or the external service's.
 */
export async function recordLoss(
  ctx: Ctx,
  report: LossReport,
  source: 'online' | 'external' = 'online',
): Promise<FnolResponse> {
  const policy = await claimedPolicy(ctx, { policyId: report.policyId });
  const now = ctx.clock.now();
  const occurredAt = new Date(report.occurredAt);
  checkWhen(policy, occurredAt, now);
  const id = randomUUID();
  const claimReference = newClaimReference();
  const actor =
    source === 'external' ? { actorKind: 'external' as const, actorSubject: null } : actorOf(ctx.caller);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(claims).values({
      id,
      claimReference,
      partyId: policy.partyId,
      policyId: policy.policyId,
      policyNumber: policy.policyNumber,
      status: 'pending',
      claimType: report.claimType,
      claimSubType: report.claimSubType ?? null,
      insuredName: policy.insuredName,
      occurredAt,
      occurredDate: londonDate(occurredAt),
      details: {
        location: report.location,
        description: report.description,
        ...(report.otherParty ? { otherParty: report.otherParty } : {}),
        witnesses: report.witnesses,
        injuries: report.injuries,
        ...(report.injuryDetails ? { injuryDetails: report.injuryDetails } : {}),
        ...(report.policeReference ? { policeReference: report.policeReference } : {}),
      },
      source,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(claimEvents).values({
      id: randomUUID(),
      claimId: id,
      partyId: policy.partyId,
      fromStatus: null,
      toStatus: 'pending',
      note: 'Claim notified',
      ...actor,
      createdAt: now,
    });
    // Partners are told (ADR 362): the reference, type, date and status, none of the loss's details.
    await publish(
      'lifecycle.announced',
      { db: tx, at: now },
      {
        type: 'claim.opened',
        policyId: policy.policyId,
        data: {
          claimReference,
          claimType: report.claimType,
          occurredDate: londonDate(occurredAt),
          status: 'pending',
        },
      },
    );
    if (policy.email) {
      await enqueue(tx, {
        channel: 'email',
        recipient: policy.email,
        subject: `We've got your claim: ${claimReference}`,
        body: [
          `Hello ${policy.insuredName},`,
          '',
          `Thank you for telling us about the ${report.claimType.toLowerCase()} on ${formatLondon(occurredAt, 'd MMMM yyyy')} (policy ${policy.policyNumber}).`,
          `Your claim reference is ${claimReference}. Please quote it whenever you contact us.`,
          '',
          'A claims handler will be in touch within one working day. You can follow your claim in your account, under your policy.',
          `If you need us sooner, call our claims line on ${ctx.brand.contact.claimsPhone}, 24 hours a day.`,
          '',
          ctx.brand.name,
        ].join('\n'),
        payload: { type: 'claim.notified', claimReference, policyNumber: policy.policyNumber },
      });
    }
  });
  return { claimReference, status: 'pending', policyNumber: policy.policyNumber };
}

/** POST /api/claims: the built-in form, offered when the brand does not use the external service. */
export async function notifyLoss(ctx: Ctx, report: LossReport): Promise<FnolResponse> {
  if (ctx.brand.features.axitechFnol) {
    throw new AppError(
      'CONFLICT',
      'Claims are notified through our claims partner: use POST /api/fnol/link.',
    );
  }
  return recordLoss(ctx, report, 'online');
}
