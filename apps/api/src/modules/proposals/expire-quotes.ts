import { proposalMachine } from '@forecourt/domain/lifecycle/index';
import { and, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import { proposals } from '../../db/schema/index.ts';
import { defineJob } from '../../jobs/registry.ts';
import type { AppServices } from '../../lib/context.ts';
import { guardOf } from '../../lib/lifecycle.ts';

/**
 * Moves quotes past their validity (QUOTE_VALIDITY_DAYS after rating, or the end of their start day) to
 * QUOTE_EXPIRED. The quote is kept, so the expired page can show what was offered; updating the start
 * date re-rates it (PATCH).
 */
export async function expireQuotes(services: Pick<AppServices, 'db' | 'clock'>): Promise<number> {
  const now = services.clock.now();
  const expire = guardOf(proposalMachine, 'expire');
  const expired = await services.db
    .update(proposals)
    .set({ status: expire.to, updatedAt: now })
    .where(and(inArray(proposals.status, expire.from), lte(proposals.quoteExpiresAt, now)))
    .returning({ code: proposals.proposalCode });
  return expired.length;
}

/** The job: every 15 minutes (registered from the list in jobs/index.ts). */
export const quoteExpiryJob = defineJob({
  name: 'quote-expiry',
  payload: z.object({}),
  queue: { policy: 'singleton' },
  schedule: { cron: '*/15 * * * *', payload: {} },
  async handler(services) {
    await expireQuotes(services);
  },
});
