import { directDebitChargeDate } from '@forecourt/domain/calendar/working-days';
import { addDaysIso, formatLondon, londonDate, startOfDayLondon } from '@forecourt/domain/dates';
import { statementMachine } from '@forecourt/domain/lifecycle/index';
import { RENEWAL_WAITING } from '@forecourt/domain/lifecycle/renewal';
import { formatGBP } from '@forecourt/domain/money';
import { isLiveStatus } from '@forecourt/domain/status';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, policies, statements } from '../../db/schema/index.ts';
import { anyOf } from '../../db/values.ts';
import type { AppServices } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import { guardOf, nextStatus } from '../../lib/lifecycle.ts';
import { reopenStatementPayment } from '../payments/index.ts';
import { postCancellationCredit } from './cancellation-ledger.ts';
import type { AccountRow, StatementRow } from './ledger-store.ts';
import { sendNotice, tellDebitAmended } from './notices.ts';
import { payOutCancellationRefund } from './refund-payout.ts';

/**
 * Arrears (ADR 203): a failed collection is tried again 3 and 7 days after the first failure; after the third
 * failure the account is SUSPENDED and a notice of cancellation for non-payment gives 7 days to pay; then
 * the policy is cancelled (the `arrears.cancellationDue` event, handled by policies: billing does not import
 * policies, ADR 346; with no handler it throws, never skips).
 */
export const RETRY_AFTER_DAYS = [3, 7] as const;
/** GoCardless causes of a failed or cancelled debit after which its mandate can collect no more. */
const MANDATE_GONE_CAUSES: ReadonlySet<string> = new Set([
  'mandate_cancelled',
  'mandate_expired',
  'bank_account_closed',
  'bank_account_transferred',
  'invalid_bank_details',
  'no_mandate',
]);

/** A failed Direct Debit is presented again once (ADR 204), on the first retry day plus the Bacs notice. */
export const DD_REPRESENTATIONS = 1;

export type CollectedBy = 'card' | 'debit';
const FROM: Record<CollectedBy, string> = { card: 'from your card', debit: 'by Direct Debit' };
const TIMES = ['once', 'twice', 'three times'];
export const NOTICE_DAYS = 7;
const DAY = 86_400_000;

/** The statements a failed collection can fail: open ones (pending or failed). */
const COLLECTION_FAIL = guardOf(statementMachine, 'collectionFail');

/**
 * After a failed charge, in the transaction that recorded it: schedule the retry, or suspend and give notice.
 * A statement settled meanwhile (a void's or cancellation's credit, or a billing-tab settlement while a card
 * charge was being taken) is owed nothing: the failure changes nothing and tells no one (ADR 376).
 */
export async function afterFailedCollection(
  tx: Db,
  account: AccountRow,
  statement: StatementRow,
  amount: number,
  at: Date,
  by: CollectedBy = 'card',
  /** Why it failed (the provider's cause): one that leaves no mandate able to collect promises no debit. */
  declineCode: string | null = null,
) {
  if (!COLLECTION_FAIL.from.includes(statement.status)) return;
  await publish(
    'lifecycle.announced',
    { db: tx, at },
    {
      type: 'payment.failed',
      policyId: account.policyId,
      data: { amountPence: amount, failedAt: at.toISOString() },
    },
  );
  const attempt = statement.collectionAttempts;
  const day = (d: Date) => formatLondon(d, 'd MMMM yyyy');
  const retries = by === 'debit' ? RETRY_AFTER_DAYS.slice(0, DD_REPRESENTATIONS) : RETRY_AFTER_DAYS;
  if (attempt <= retries.length) {
    const firstFailure =
      attempt === 1 ? at : new Date(at.getTime() - (RETRY_AFTER_DAYS[attempt - 2] ?? 0) * DAY);
    const next = new Date(firstFailure.getTime() + (RETRY_AFTER_DAYS[attempt - 1] ?? 0) * DAY);
    await tx
      .update(statements)
      .set({
        status: nextStatus(statementMachine, statement.status, 'collectionFail'),
        nextCollectionAt: next,
      })
      .where(eq(statements.id, statement.id));
    // An anniversary before a notice after the last try could end cover: unpaid then, the policy does not renew
    // (ADR 400), and the customer is told so now, while the retries go on.
    const lastTry = new Date(firstFailure.getTime() + (retries.at(-1) ?? 0) * DAY);
    const { renewsAt } = await coverOf(tx, account.policyId);
    const renewal =
      renewsAt && renewsAt <= cancellationForNonPaymentAt(lastTry)
        ? [whenCoverEnds({ at: renewsAt, renewsIfPaid: true })]
        : [];
    await sendNotice(
      tx,
      account,
      'payment-failed',
      'Your payment failed',
      [
        `We could not take ${formatGBP(amount)} ${FROM[by]}.`,
        by === 'card'
          ? `Please pay the outstanding balance from your account. Otherwise we will try your card again on ${day(next)}.`
          : MANDATE_GONE_CAUSES.has(declineCode ?? '')
            ? 'Your Direct Debit instruction is no longer active. Please pay the outstanding balance from your account, or set up a new way to pay there.'
            : `Please pay the outstanding balance from your account. Otherwise we will collect it by Direct Debit again on or after ${day(directDebitChargeDate({ noticeSentAt: next }))}.`,
        ...renewal,
      ],
      { attempt },
    );
    return;
  }
  await tx
    .update(statements)
    .set({ status: nextStatus(statementMachine, statement.status, 'collectionFail'), nextCollectionAt: null })
    .where(eq(statements.id, statement.id));
  const tried = `We tried ${TIMES[attempt - 1] ?? `${attempt} times`} and could not take ${formatGBP(amount)} ${FROM[by]}.`;
  const noMore = `We will not ${by === 'card' ? 'try your card' : 'collect it by Direct Debit'} again: please pay it from the Billing tab of your policy, or call us.`;
  // Cover that has ended (the customer cancelled, or the term ran out, while the retries went on), or that ends
  // as arranged no later than a notice of cancellation would end it, is not suspended, nor given notice of a
  // cancellation that cannot come (ADR 396): the customer is told what is still to pay for the cover they had
  // (or have until it ends), and that nothing more will be collected.
  const cover = await coverOf(tx, account.policyId);
  const ending = endsWithinNotice(cover, at);
  if (!cover.live || ending) {
    const why = ending
      ? ending.renewsIfPaid
        ? whenCoverEnds(ending)
        : `Your cover ends at ${lastDayOfCover(ending.at)}, as arranged, and this is still to pay for your cover up to then.`
      : cover.status === 'RENEWED'
        ? 'This is still to pay for the year before your policy renewed (your renewed policy is not affected).'
        : 'Cover under this policy has ended, and this is still to pay for the cover you had.';
    await sendNotice(tx, account, 'payment-failed', 'Your payment failed', [tried, `${why} ${noMore}`], {
      attempt,
      final: true,
    });
    return;
  }
  await suspendForNonPayment(tx, account, at, [
    tried,
    'Your account is suspended: please pay the outstanding balance from your account.',
  ]);
}

/** A policy's cover as billing sees it: its status, whether it is live, and when it ends as arranged. */
export interface Cover {
  status: string | null;
  /** Pending or on cover: only then is its account suspended for non-payment, or reinstated. */
  live: boolean;
  /** A cancellation set for a later day, or the expiry of a policy that will not renew; null: no end set. */
  endsAt: Date | null;
  /**
   * The anniversary at which a live policy renews automatically by its settings (auto-renewal on, renewal not
   * stopped, review type not NEVER, its renewal not waiting for staff, no cancellation set), or null. It renews then only if nothing is owed
   * (ADR 400): money asked for now and not paid ends cover at that expiry.
   */
  renewsAt: Date | null;
}

export async function coverOf(db: Db, policyId: string): Promise<Cover> {
  const [policy] = await db
    .select({
      status: policies.status,
      terminatedAt: policies.terminatedAt,
      expiredAt: policies.expiredAt,
      // Renews automatically by its settings, and its coming renewal (once invited) does not wait for staff: a
      // referred, unrated or reviewed renewal lapses at the anniversary whatever is paid (ADR 400). (Written out: in
      // a query of one table the builder leaves its columns unqualified.)
      renews: sql<boolean>`${policies.autoRenewalEnabled} AND NOT ${policies.renewalStopped} AND ${policies.reviewType} <> 'NEVER'
        AND NOT EXISTS (SELECT 1 FROM renewals r WHERE r.policy_id = policies.id
          AND r.completed_at IS NULL AND r.status IN (${sql.join(
            RENEWAL_WAITING.map((w) => sql`${w}`),
            sql`, `,
          )}))`,
    })
    .from(policies)
    .where(eq(policies.id, policyId));
  const live = isLiveStatus(policy?.status);
  const ends = [policy?.terminatedAt, policy?.renews ? null : policy?.expiredAt].filter(
    (d): d is Date => !!d,
  );
  return {
    status: policy?.status ?? null,
    live,
    endsAt: ends.length ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null,
    renewsAt: live && policy?.renews && !policy.terminatedAt ? (policy.expiredAt ?? null) : null,
  };
}

/** When a live policy's cover ends if what is asked for now is not paid: as arranged, or at an anniversary it would renew at (ADR 400). */
export interface EndIfUnpaid {
  at: Date;
  /** It ends at an anniversary only because the money is owed: paid before then, the policy renews. */
  renewsIfPaid: boolean;
}

/**
 * The end of a live policy's cover when it comes, as arranged or at an anniversary that will not renew while
 * money is owed (ADR 400), no later than a notice of cancellation given at `at` would end it (ADR 396): such cover
 * is not suspended for non-payment. Null otherwise.
 */
export function endsWithinNotice(cover: Cover, at: Date): EndIfUnpaid | null {
  if (!cover.live) return null;
  const notice = cancellationForNonPaymentAt(at);
  if (cover.endsAt && cover.endsAt <= notice) return { at: cover.endsAt, renewsIfPaid: false };
  if (cover.renewsAt && cover.renewsAt <= notice) return { at: cover.renewsAt, renewsIfPaid: true };
  return null;
}

/** The words for cover that ends at `end` unless money owed is paid first (ADR 396, 400). */
export const whenCoverEnds = (end: EndIfUnpaid) =>
  end.renewsIfPaid
    ? `Your policy is due to renew at ${lastDayOfCover(end.at)}, and renews only if this is paid before then: otherwise your cover ends then.`
    : `Your cover ends at ${lastDayOfCover(end.at)}, as arranged.`;

/**
 * When cover ending at `end` ends, in words: "midnight at the end of 9 March 2027" at a London midnight, else the
 * time itself ("14:23 on 10 March 2027": an expiry keeps the time of day cover started, a cancellation its own).
 */
export const lastDayOfCover = (end: Date) =>
  end.getTime() === startOfDayLondon(londonDate(end)).getTime()
    ? `midnight at the end of ${formatLondon(new Date(end.getTime() - 1), 'd MMMM yyyy')}`
    : formatLondon(end, "HH:mm 'on' d MMMM yyyy");

/** When a notice of cancellation given at `at` ends cover: midnight after the last of its seven days to pay. */
const cancellationForNonPaymentAt = (at: Date) =>
  startOfDayLondon(addDaysIso(addDaysIso(londonDate(at), NOTICE_DAYS), 1));

/**
 * Suspends an account for non-payment and gives notice of cancellation (ADR 203): the notice names the last day
 * to pay, and cover runs to the end of that London day (issue 26 defect 3, R4). `why` is the suspension notice.
 */
export async function suspendForNonPayment(tx: Db, account: AccountRow, at: Date, why: string[]) {
  const day = (d: Date) => formatLondon(d, 'd MMMM yyyy');
  const payBy = addDaysIso(londonDate(at), NOTICE_DAYS);
  const cancelAt = cancellationForNonPaymentAt(at);
  await tx
    .update(customerAccounts)
    .set({ status: 'SUSPENDED', cancelForNonPaymentAt: cancelAt })
    .where(eq(customerAccounts.id, account.id));
  await sendNotice(tx, account, 'account-suspended', 'Your account is suspended', why);
  await sendNotice(
    tx,
    account,
    'notice-of-cancellation',
    'Notice of cancellation for non-payment',
    [
      `Unless the outstanding balance is paid by the end of ${day(startOfDayLondon(payBy))}, your policy will be cancelled for non-payment at midnight that night.`,
      'You must not drive the vehicle without insurance after it is cancelled.',
    ],
    { cancelAt: cancelAt.toISOString(), payBy },
  );
}

/** Failed statements whose retry date has come: claimed once (attempt + 1) and their payment reopened. */
export async function reopenRetries(services: AppServices, at: Date) {
  const due = await services.db
    .select({ id: statements.id })
    .from(statements)
    .where(
      and(
        eq(statements.status, 'failed'),
        isNotNull(statements.nextCollectionAt),
        lte(statements.nextCollectionAt, at),
      ),
    );
  for (const { id } of due) {
    await services.db.transaction(async (tx) => {
      const [claimed] = await tx
        .select()
        .from(statements)
        .where(
          and(eq(statements.id, id), eq(statements.status, 'failed'), lte(statements.nextCollectionAt, at)),
        )
        .for('update', { skipLocked: true });
      if (!claimed) return;
      await tx
        .update(statements)
        .set({ nextCollectionAt: null, collectionAttempts: claimed.collectionAttempts + 1 })
        .where(eq(statements.id, id));
      const reopened = await reopenStatementPayment(
        { db: tx, clock: services.clock },
        id,
        claimed.amountOutstandingPence,
      );
      // A Direct Debit presented again for less than the failure notice said (a credit since, ADR 382): the
      // customer is told the new amount, with the charge date the run's claim gives it today (R8).
      if (reopened && reopened.now < reopened.before) {
        const [account] = await tx
          .select()
          .from(customerAccounts)
          .where(eq(customerAccounts.id, claimed.accountId));
        if (account?.paymentMethodType === 'BACS_DEBIT')
          await tellDebitAmended(tx, account, claimed, {
            amountPence: reopened.now,
            chargeAt: directDebitChargeDate({ noticeSentAt: at }),
            attempt: claimed.collectionAttempts + 1,
            remade: 0,
          });
      }
    });
  }
}

/** Suspended accounts whose notice has run out with a balance still due: the policy is cancelled. */
export async function cancelUnpaid(services: AppServices, at: Date): Promise<number> {
  const due = await services.db
    .select()
    .from(customerAccounts)
    .where(and(eq(customerAccounts.status, 'SUSPENDED'), lte(customerAccounts.cancelForNonPaymentAt, at)));
  let cancelled = 0;
  const refunds: string[] = [];
  for (const account of due) {
    await services.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(customerAccounts)
        .where(and(eq(customerAccounts.id, account.id), lte(customerAccounts.cancelForNonPaymentAt, at)))
        .for('update', { skipLocked: true });
      if (!locked?.cancelForNonPaymentAt) return;
      // Cover ends when the notice ran out (the end of its last day), not when this run came round.
      const endAt = locked.cancelForNonPaymentAt;
      const ended = await publish(
        'arrears.cancellationDue',
        { db: tx },
        { policyId: locked.policyId, at: endAt },
      );
      await tx
        .update(customerAccounts)
        .set({ cancelForNonPaymentAt: null })
        .where(eq(customerAccounts.id, locked.id));
      if (!ended) return;
      cancelled++;
      // Only the cover had is owed (issue 26 defect 3): the days after the end are credited back.
      const posted = await postCancellationCredit(
        { db: tx },
        { policyId: locked.policyId, at: endAt, now: at, reference: 'NON_PAYMENT' },
      );
      if (posted.refundLineId) refunds.push(posted.refundLineId);
      const lastDay = formatLondon(new Date(endAt.getTime() - 1), 'd MMMM yyyy');
      await sendNotice(tx, locked, 'cancelled-non-payment', 'Your policy is cancelled', [
        `Your policy was cancelled at midnight at the end of ${lastDay} because the outstanding balance was not paid.`,
        'You are no longer insured to drive the vehicle. The balance for the cover you had up to then is still due.',
      ]);
    });
  }
  // A customer in credit after the end is paid back, after commit (as any cancellation's refund).
  for (const lineId of refunds) await payOutCancellationRefund(services, lineId);
  return cancelled;
}

/** A settled balance lifts the suspension and the pending cancellation. */
export async function reinstateIfPaid(tx: Db, accountId: string) {
  await reinstateIfPaidMany(tx, [accountId]);
}

/** `reinstateIfPaid` for many accounts in one UPDATE (the billing run's page, ADR 320). */
export async function reinstateIfPaidMany(tx: Db, accountIds: string[]) {
  if (accountIds.length === 0) return;
  await tx
    .update(customerAccounts)
    .set({ status: 'ACTIVE', cancelForNonPaymentAt: null })
    .where(
      and(
        anyOf(customerAccounts.id, accountIds),
        eq(customerAccounts.status, 'SUSPENDED'),
        sql`NOT EXISTS (SELECT 1 FROM ${statements} WHERE ${statements.accountId} = ${customerAccounts.id} AND ${statements.status} = 'failed')`,
      ),
    );
}
