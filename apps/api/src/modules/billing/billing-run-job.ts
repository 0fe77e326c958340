import { z } from 'zod';
import { defineJob } from '../../jobs/registry.ts';
import { runBillingDay } from './run-billing.ts';

/**
 * The daily billing run (ADR 202): every hour, so a statement due at London midnight is raised and
 * collected early in its day, and a run lost to a crash is redone within the hour. `at` (ISO) runs it as of
 * another instant (a replay); the default is the clock's now. Singleton: one run queued at a time; two
 * running at once are safe anyway.
 */
export const billingRunJob = defineJob({
  name: 'billing-run',
  payload: z.object({ at: z.string().datetime().optional() }),
  queue: { policy: 'singleton' },
  schedule: { cron: '5 * * * *', payload: {} },
  async handler(services, payload) {
    return runBillingDay(services, payload.at ? new Date(payload.at) : services.clock.now());
  },
});
