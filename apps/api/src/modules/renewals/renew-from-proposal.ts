import type { Quote } from '@forecourt/contracts/proposals';
import { renewalMachine } from '@forecourt/domain/lifecycle/index';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { type ProposalRow, type RenewalRow, renewals } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { enqueue } from '../../lib/outbox.ts';
import type { CustomerPaymentRow } from '../payments/index.ts';
import { issueSuccessor, type PolicyRow } from '../policies/index.ts';
import { markProposalBound } from '../proposals/index.ts';
import { enqueueOutcome } from './renewal-emails.ts';

/**
 * The successor policy made from a renewal quote, in the caller's transaction (which holds the policy's renewal
 * lock): the policy and its first version, billing from its start, the renewal proposal POLICY, the renewal row
 * RENEWED with its successor, a Motor Insurance Database event and the e-mail. The anniversary job runs it for
 * an opted-in renewal (cover continues at the anniversary); a lapsed renewal taken up from the home banner runs
 * it with `takenUp` (cover restarts at that moment, ADR 335). The caller requests the documents after commit.
 */
export async function renewFromProposal(
  services: Pick<AppServices, 'brand'>,
  tx: Db,
  o: {
    row: Pick<RenewalRow, 'policyId' | 'cycle' | 'anniversaryAt' | 'status'>;
    policy: PolicyRow;
    proposal: ProposalRow;
    quote: Quote;
    at: Date;
    takenUp?: { startAt: Date; payment: CustomerPaymentRow | undefined };
  },
) {
  const { policy, proposal, quote, at } = o;
  const ctx = { ...services, db: tx };
  const successor = await issueSuccessor(ctx, {
    old: policy,
    proposalCode: proposal.proposalCode,
    data: proposal.data,
    quote,
    now: at,
    ...(o.takenUp ? { takenUp: o.takenUp } : {}),
  });
  await markProposalBound(ctx, proposal.proposalCode, {
    policyId: successor.policyId,
    policyNumber: successor.policyNumber,
    now: at,
  });
  // INVITED renewed at the anniversary, or LAPSED taken up (ADR 335): the renewal machine's move.
  const renewed = nextStatus(renewalMachine, o.row.status, o.takenUp ? 'takeUp' : 'renew');
  await tx
    .update(renewals)
    .set({ status: renewed, completedAt: at, successorPolicyId: successor.policyId })
    .where(and(eq(renewals.policyId, o.row.policyId), eq(renewals.cycle, o.row.cycle)));
  // After a lapse the car was off cover: the Motor Insurance Database gets it back as a new entry.
  const type = o.takenUp ? 'mid.policy.created' : 'mid.policy.renewed';
  const vrn = successor.documentInput.vehicle.registration;
  await enqueue(tx, {
    channel: 'event',
    subject: type,
    body: o.takenUp
      ? `Motor Insurance Database: add ${vrn} under ${successor.policyNumber} (lapsed ${policy.policyNumber} taken up)`
      : `Motor Insurance Database: ${vrn} continues under ${successor.policyNumber} (was ${policy.policyNumber})`,
    payload: {
      type,
      policyNumber: successor.policyNumber,
      previousPolicyNumber: policy.policyNumber,
      vrn,
      coverStart: successor.startAt.toISOString(),
      coverEnd: successor.expiry.toISOString(),
      insurer: quote.mainInsurer,
    },
  });
  await enqueueOutcome(tx, {
    brand: services.brand,
    outcome: 'RENEWED',
    policyNumber: policy.policyNumber,
    successorNumber: successor.policyNumber,
    anniversary: o.row.anniversaryAt,
    ...(o.takenUp ? { restartedAt: successor.startAt } : {}),
    quote,
  });
  return successor;
}
