import { z } from 'zod';
import { purgeIdempotencyKeys } from '../lib/idempotency.ts';
import { defineJob } from './registry.ts';

/** Idempotency keys past their retention are deleted hourly (ADR 110). */
export const idempotencyPurgeJob = defineJob({
  name: 'idempotency-purge',
  payload: z.object({}),
  queue: { policy: 'singleton' },
  schedule: { cron: '17 * * * *', payload: {} },
  async handler(services) {
    await purgeIdempotencyKeys(services.db, services.clock.now());
  },
});
