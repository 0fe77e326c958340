import { z } from 'zod';
import { defineJob, enqueue } from '../../jobs/registry.ts';
import type { AppServices } from '../../lib/context.ts';
import { deliverPartnerWebhooks } from './deliver.ts';

/**
 * Delivers due partner webhooks (ADR 362): every minute, and when woken after an event commits. One worker
 * at a time per queue (singleton); several processes share the work by the deliveries' leases.
 */
export const partnerWebhooksJob = defineJob({
  name: 'partner-webhooks',
  payload: z.object({}),
  // One run at a time and at most one waiting: a burst of wake-ups after commits asks for one more run.
  queue: { policy: 'stately' },
  schedule: { cron: '* * * * *', payload: {} },
  async handler(services) {
    return deliverPartnerWebhooks(services);
  },
});

/** Ask for delivery now rather than at the next minute (after the announcing transaction has committed). */
export async function kickPartnerWebhooks(services: Pick<AppServices, 'boss'>) {
  await enqueue(services, partnerWebhooksJob, {});
}
