import { randomUUID } from 'node:crypto';
import type { Quote } from '@forecourt/contracts/proposals';
import { policyMachine } from '@forecourt/domain/lifecycle/index';
import { addMonths, addYears } from 'date-fns';
import { and, desc, eq, gt, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { policies, policyVersions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import { guardOf, nextStatus } from '../../lib/lifecycle.ts';
import { newPolicyNumber } from '../../lib/policy-number.ts';
import { openCustomerAccount } from '../billing/index.ts';
import type { CustomerPaymentRow } from '../payments/index.ts';
import { amountDueAtBind } from './amount-due.ts';
import { insertFirstVersion } from './bind-proposal.ts';
import { renewalMethodOf } from './purchase-method.ts';

/**
 * The policies module's part of the anniversary (issue 14, ADR 220): which policies are due an invitation,
 * the renewal proposal a policy points at, the auto-renewal switch, and the anniversary itself (the old
 * policy RENEWED and its successor issued, or the policy LAPSED). Only this module writes the policies table.
 */
export type PolicyRow = typeof policies.$inferSelect;

/** The version in force: the latest that started by `now`, else the first. */
export async function currentVersionOf(db: Db, policyId: string, now: Date) {
  const versions = await db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.policyId, policyId))
    .orderBy(desc(policyVersions.versionNumber));
  return versions.find((v) => v.startedAt <= now) ?? versions[0];
}

const live = () => and(inArray(policies.status, ['ACTIVE', 'PENDING']), isNull(policies.terminatedAt));

/**
 * Live policies whose anniversary is after `now` and no later than `until`, with renewal not blocked
 * (reviewType NEVER, renewal stopped or auto-renewal off) and no renewal proposal yet for this cycle.
 */
export async function policiesDueForInvitation(db: Db, o: { now: Date; until: Date }): Promise<PolicyRow[]> {
  return db
    .select()
    .from(policies)
    .where(
      and(
        live(),
        gt(policies.expiredAt, o.now),
        lte(policies.expiredAt, o.until),
        ne(policies.reviewType, 'NEVER'),
        eq(policies.renewalStopped, false),
        eq(policies.autoRenewalEnabled, true),
        isNull(policies.renewalProposalCode),
      ),
    );
}

/** Live policies at or past their expiry: those no renewal picked up (opted out before the window, NEVER). */
export async function policiesPastExpiry(db: Db, at: Date): Promise<PolicyRow[]> {
  return db
    .select()
    .from(policies)
    .where(and(live(), lte(policies.expiredAt, at)));
}

/** A policy by id, for the jobs (no caller: they act for the insurer). */
export async function policyById(db: Db, policyId: string): Promise<PolicyRow | undefined> {
  const [row] = await db.select().from(policies).where(eq(policies.id, policyId));
  return row;
}

/** Points the policy at its renewal proposal for this cycle. */
export async function attachRenewalProposal(db: Db, policyId: string, proposalCode: string) {
  await db.update(policies).set({ renewalProposalCode: proposalCode }).where(eq(policies.id, policyId));
}

/** The auto-renewal switch: on, or off with the customer's reason (spec 3 §3 reasons). */
export async function writeAutoRenewal(
  db: Db,
  policyId: string,
  o: { enabled: boolean; reason: string | null; now: Date },
) {
  await db
    .update(policies)
    .set({ autoRenewalEnabled: o.enabled, autoRenewalReason: o.reason, autoRenewalChangedAt: o.now })
    .where(eq(policies.id, policyId));
}

/** Opted out or referred: the policy ends at its expiry (LAPSED uses expiredAt, spec 2 §4). */
export async function lapsePolicy(db: Db, policyId: string, at: Date) {
  const lapse = guardOf(policyMachine, 'lapse');
  const [lapsed] = await db
    .update(policies)
    .set({ status: lapse.to })
    .where(and(eq(policies.id, policyId), inArray(policies.status, lapse.from)))
    .returning({ expiredAt: policies.expiredAt });
  if (lapsed)
    await publish(
      'lifecycle.announced',
      { db, at },
      {
        type: 'policy.lapsed',
        policyId,
        data: {
          coverEnd: (lapsed.expiredAt ?? at).toISOString(),
          reason: 'NOT_RENEWED',
        },
      },
    );
}

/**
 * Opted in: the old policy becomes RENEWED and its successor is issued from the renewal proposal, starting
 * at the anniversary for a year, with its first version (the renewal quote, documents input) and the next
 * cycle, and its customer account (billing's face) with the first period at the new price due at the
 * anniversary. The unique index on previous_policy_id makes a second successor impossible.
 */
export async function issueSuccessor(
  ctx: Pick<Ctx, 'db' | 'brand'>,
  o: {
    old: PolicyRow;
    proposalCode: string;
    data: Record<string, unknown>;
    quote: Quote;
    now: Date;
    /** A lapsed renewal taken up (ADR 335): cover starts then, the old policy stays LAPSED. */
    takenUp?: { startAt: Date; payment: CustomerPaymentRow | undefined };
  },
) {
  const { old } = o;
  const startAt = o.takenUp?.startAt ?? old.expiredAt ?? o.now;
  const expiry = addYears(startAt, 1);
  const policyId = randomUUID();
  const versionId = randomUUID();
  const policyNumber = newPolicyNumber();
  if (!o.takenUp) {
    // The old policy (read in the anniversary's locked transaction) must be live: the policy machine says so.
    const renewed = nextStatus(policyMachine, old.status, 'renew');
    await ctx.db
      .update(policies)
      .set({ status: renewed })
      .where(and(eq(policies.id, old.id), eq(policies.status, old.status)));
  }
  await ctx.db.insert(policies).values({
    id: policyId,
    policyNumber,
    partyId: old.partyId,
    proposalCode: o.proposalCode,
    schemeCode: old.schemeCode,
    status: startAt <= o.now ? 'ACTIVE' : 'PENDING',
    inceptedAt: startAt,
    expiredAt: expiry,
    reviewType: old.reviewType,
    renewalCycle: old.renewalCycle + 1,
    previousPolicyId: old.id,
  });
  const documentInput = await insertFirstVersion(ctx, {
    policyId,
    versionId,
    policyNumber,
    schemeCode: old.schemeCode,
    data: o.data,
    quote: o.quote,
    startAt,
    expiry,
    now: o.now,
  });
  // Billing at the new price from the anniversary. A renewed subscription whose first month was not paid at a
  // take-up is billed by the billing run from its start, as every month (raised on the payment day and
  // collected by card or by Direct Debit after its advance notice); a year paid in full opens with its invoice
  // (collected at the anniversary, ADR 318), and a take-up's payment is put against its first period.
  const monthly = Boolean(o.quote.totals?.monthly);
  const method = await renewalMethodOf(ctx, old);
  if (method)
    await openCustomerAccount(ctx, {
      policyId,
      policyNumber,
      partyId: old.partyId,
      method,
      due: amountDueAtBind(o.quote),
      payment: o.takenUp?.payment,
      startAt,
      serviceEnd: monthly ? addMonths(startAt, 1) : expiry,
      now: o.now,
      billedByTheRun: monthly && !o.takenUp?.payment,
    });
  await publish(
    'lifecycle.announced',
    { db: ctx.db, at: o.now },
    {
      type: 'policy.renewed',
      policyId: old.id,
      data: {
        renewalPolicyNumber: policyNumber,
        coverStart: startAt.toISOString(),
        coverEnd: expiry.toISOString(),
      },
    },
  );
  return { policyId, policyNumber, versionId, startAt, expiry, documentInput, billed: Boolean(method) };
}
