import { z } from 'zod';
import { defineJob } from '../../jobs/registry.ts';
import { enqueue } from '../../lib/outbox.ts';
import { ledgerBreaks } from './ledger-check.ts';

/**
 * The ledger invariant checked every night (issue 26): a customer whose money received less refunds differs
 * from their cash lines raises a `ledger.breaks` event for finance operations (one per night, naming them), and
 * the job answers how many. `npm run ledger:check` runs the same query by hand.
 */
export const ledgerCheckJob = defineJob({
  name: 'ledger-check',
  payload: z.object({}),
  queue: { policy: 'singleton' },
  schedule: { cron: '45 5 * * *', payload: {} },
  async handler(services) {
    const breaks = await ledgerBreaks(services.db);
    if (breaks.length > 0)
      await enqueue(services.db, {
        channel: 'event',
        subject: 'ledger.breaks',
        body: `Ledger check: ${breaks.length} customers' money received less refunds differs from their ledger`,
        payload: { type: 'ledger.breaks', at: services.clock.now().toISOString(), breaks },
      });
    return { breaks: breaks.length };
  },
});
