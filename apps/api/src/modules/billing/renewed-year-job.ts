import { z } from 'zod';
import { defineJob } from '../../jobs/registry.ts';
import { collectRenewedYears } from './renewed-year.ts';

/**
 * The renewed year of a policy paid in full, collected by card (ADR 318): every 5 minutes, like the
 * anniversary job, so the year is taken minutes after the renewal; a retried or doubled run charges once.
 */
export const renewedYearJob = defineJob({
  name: 'renewed-year-collection',
  payload: z.object({}),
  queue: { policy: 'singleton' },
  schedule: { cron: '*/5 * * * *', payload: {} },
  async handler(services) {
    return collectRenewedYears(services, services.clock.now());
  },
});
