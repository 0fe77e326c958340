import { and, eq, lte } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { proposals } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';

export const QUOTE_EXPIRY = 'quote-expiry';

/**
 * Moves quotes past their validity (QUOTE_VALIDITY_DAYS after rating, or the end of their start day) to
 * QUOTE_EXPIRED. The quote is kept, so the expired page can show what was offered; updating the start
 * date re-rates it (PATCH).
 */
export async function expireQuotes(services: Pick<AppServices, 'db' | 'clock'>): Promise<number> {
  const now = services.clock.now();
  const expired = await services.db
    .update(proposals)
    .set({ status: 'QUOTE_EXPIRED', updatedAt: now })
    .where(and(eq(proposals.status, 'QUOTE'), lte(proposals.quoteExpiresAt, now)))
    .returning({ code: proposals.proposalCode });
  return expired.length;
}

/** The job: every 15 minutes (jobs/index.ts registers it). */
export async function registerQuoteExpiry(boss: PgBoss, services: AppServices) {
  await boss.createQueue(QUOTE_EXPIRY, { name: QUOTE_EXPIRY, policy: 'singleton' });
  await boss.work(QUOTE_EXPIRY, { pollingIntervalSeconds: 5 }, async () => {
    await expireQuotes(services);
  });
  await boss.schedule(QUOTE_EXPIRY, '*/15 * * * *');
}
