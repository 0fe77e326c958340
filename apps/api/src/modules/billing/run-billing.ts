import { paidInFull } from '@forecourt/domain/policy/term';
import { sql } from 'drizzle-orm';
import { mapWithLimit } from '../../lib/concurrency.ts';
import type { AppServices } from '../../lib/context.ts';
import { cancelDebitNotOwed, releaseMandate } from '../payments/index.ts';
import { replacedMandatesNotReleased } from './account-payment-method.ts';
import { cancelUnpaid, reopenRetries } from './arrears.ts';
import { collectPage, dueCollections, shuffled } from './collect-cards.ts';
import { raisePage } from './raise-statements.ts';
import {
  amendDebitAskingTooMuch,
  claimsNoLongerOwed,
  debitsAskingTooMuch,
  debitsNoLongerOwed,
  dueDebits,
  makeClaimNoLongerOwed,
  submitDebit,
} from './submit-debits.ts';

export interface BillingDayResult {
  raised: number;
  collected: number;
  failed: number;
  cancelled: number;
}

/** One step of a billing run as it happens (the billing-run command prints them; ADR 250). */
export type BillingRunStep = 'raised' | 'collected' | 'failed';

export interface BillingRunOptions {
  /** Accounts raised, and card payments collected, per transaction (ADR 320); default 1,000. */
  page?: number;
  /** Card charges in flight at the provider at once; default 16. */
  concurrency?: number;
}

const PAGE = 1000;
const CONCURRENCY = 16;
/** Statements raised in one run after which the planner's statistics are refreshed before collecting. */
const ANALYZE_AFTER = 100;

/**
 * The billing run for one day (ADR 202, set-based since ADR 320), the face the job, the tests and the demo
 * seed call: raises every due subscription statement (the account's billed period ended at or before `at`),
 * then collects every pending statement whose payment date has come by card, off-session, and submits a
 * Direct Debit payment for every pending Direct Debit statement (its outcome arrives by webhook, ADR 204).
 * Safe to run twice at once, again after a crash, or as a retried job: a page of accounts is raised in one
 * transaction under `FOR UPDATE SKIP LOCKED` of their rows with a unique (account, period) statement each,
 * and each collection's provider key is the payment and its attempt.
 */
export async function runBillingDay(
  services: AppServices,
  at: Date,
  onStep?: (step: BillingRunStep) => void,
  options: BillingRunOptions = {},
): Promise<BillingDayResult> {
  const page = options.page ?? PAGE;
  const concurrency = options.concurrency ?? CONCURRENCY;
  const result = { raised: 0, collected: 0, failed: 0, cancelled: 0 };
  const subscriptionSchemes = services.brand.schemes
    .filter((s) => !paidInFull(s.product))
    .map((s) => s.schemeCode);
  if (subscriptionSchemes.length === 0) return result;
  // A page of due accounts (in id order, after the last page) is locked and raised in one transaction; a
  // crash loses at most the page in flight, redone next time. Rows another run holds are skipped (it raises
  // them). An account still due after its period (a catch-up of several months) keeps the page where it is.
  const raiseDue = async () => {
    let after: string | undefined;
    for (;;) {
      const raised = await raisePage(services, at, subscriptionSchemes, after, page);
      if (raised.ids.length === 0) break;
      for (const _ of raised.ids) {
        result.raised++;
        onStep?.('raised');
      }
      if (!raised.stillDue) after = raised.ids.at(-1);
    }
  };
  await raiseDue();
  // The pages just raised are PENDING statements and payments the planner's statistics have not seen (on a
  // billing day they are most of those rows): without fresh statistics the collections below were joined as if
  // there were none, a nested loop over sequential scans that took 60 s for 10,000 accounts (ADR 320,
  // amendment of 2026-11-26). ANALYZE samples, so it stays cheap at any size.
  if (result.raised >= ANALYZE_AFTER) await services.db.execute(sql`ANALYZE statements, customer_payments`);
  await reopenRetries(services, at);
  // Each run takes the due collections in its own random order, a page at a time, and leaves out those
  // another run has recorded meanwhile, so several workers share the day's collections (ADR 250).
  const due = shuffled(await dueCollections(services.db, at));
  for (let i = 0; i < due.length; i += page) {
    for (const outcome of await collectPage(services, due.slice(i, i + page), at, concurrency)) {
      result[outcome]++;
      onStep?.(outcome);
    }
  }
  // Debits on their way that ask for more than their statement now does are cancelled while they can be, and
  // claimed again for what it asks (ADR 382), which the list below then makes. One the provider could not be
  // asked about does not stop the others (the first error is thrown once the run is done).
  let providerError: unknown;
  for (const d of await debitsAskingTooMuch(services.db)) {
    try {
      await amendDebitAskingTooMuch(services, d);
    } catch (err) {
      providerError ??= err;
    }
  }
  // One debit the provider could not be asked about (an error, a timeout) does not stop the others, nor the rest
  // of the run; its claim is asked again next run.
  const debits = await dueDebits(services.db);
  const submitted = await mapWithLimit(debits, concurrency, async (d) => {
    try {
      return await submitDebit(services, d, at);
    } catch (err) {
      providerError ??= err;
      return 'submitted' as const;
    }
  });
  for (const outcome of submitted) {
    if (outcome === 'failed') {
      result.failed++;
      onStep?.('failed');
    }
  }
  result.cancelled = await cancelUnpaid(services, at);
  // A policy cancelled for non-payment whose suspension spanned a payment date: the days on cover from there to the
  // end are billed now, not collected (ADR 388).
  if (result.cancelled > 0) await raiseDue();
  // Debits on their way for statements settled meanwhile are cancelled while they can be (ADR 378). One the
  // provider could not be asked about does not stop the others; the first error is thrown once the run is done
  // (the job logs it), and the next run asks again. A debit collected after all is paid back (ADR 305).
  // A claim a stopped run left may have been made at the provider: made now, it is cancelled below (ADR 381).
  for (const claim of await claimsNoLongerOwed(services.db)) {
    try {
      await makeClaimNoLongerOwed(services, claim, at);
    } catch (err) {
      providerError ??= err;
    }
  }
  for (const id of await debitsNoLongerOwed(services.db)) {
    try {
      await cancelDebitNotOwed(services, id);
    } catch (err) {
      providerError ??= err;
    }
  }
  // Replaced mandates kept while a debit of theirs was on its way are cancelled once it is over (ADR 377).
  for (const id of await replacedMandatesNotReleased(services.db)) await releaseMandate(services, id);
  if (providerError) throw providerError;
  return result;
}
