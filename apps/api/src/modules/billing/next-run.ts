import { and, eq, gt, inArray, min } from 'drizzle-orm';
import { customerAccounts, policies, statements } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';
import { BILLED_POLICY_STATUSES } from './raise-statements.ts';

/**
 * The first moment after `at` when the billing run has something to do: a period to raise, a statement to
 * collect, a retry, a cancellation for non-payment (null: nothing ahead). Lets the demo seed (ADR 192) live
 * through months of daily runs by running only the days that do something, the same as running every day.
 */
export async function nextBillingWorkAfter(services: AppServices, at: Date): Promise<Date | null> {
  const db = services.db;
  const [raise] = await db
    .select({ at: min(customerAccounts.billedUntil) })
    .from(customerAccounts)
    .innerJoin(policies, eq(policies.id, customerAccounts.policyId))
    .where(
      and(
        eq(customerAccounts.status, 'ACTIVE'),
        gt(customerAccounts.billedUntil, at),
        inArray(policies.status, BILLED_POLICY_STATUSES),
      ),
    );
  const [collect] = await db
    .select({ at: min(statements.paymentDueAt) })
    .from(statements)
    .where(and(eq(statements.status, 'pending'), gt(statements.paymentDueAt, at)));
  const [retry] = await db
    .select({ at: min(statements.nextCollectionAt) })
    .from(statements)
    .where(and(eq(statements.status, 'failed'), gt(statements.nextCollectionAt, at)));
  const [cancel] = await db
    .select({ at: min(customerAccounts.cancelForNonPaymentAt) })
    .from(customerAccounts)
    .where(and(eq(customerAccounts.status, 'SUSPENDED'), gt(customerAccounts.cancelForNonPaymentAt, at)));
  const times = [raise?.at, collect?.at, retry?.at, cancel?.at]
    .filter((d): d is Date => d instanceof Date || typeof d === 'string')
    .map((d) => new Date(d).getTime());
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}
