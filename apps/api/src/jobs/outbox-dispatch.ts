import { z } from 'zod';
import type { AppServices } from '../lib/context.ts';
import { dispatchOutbox } from '../lib/outbox.ts';
import { defineJob, enqueue } from './registry.ts';

/** Delivers pending e-mail and SMS from the outbox: every minute, and on demand (`kickOutbox`). */
export const outboxDispatchJob = defineJob({
  name: 'outbox-dispatch',
  payload: z.object({}),
  queue: { policy: 'singleton' },
  schedule: { cron: '* * * * *', payload: {} },
  async handler(services) {
    await dispatchOutbox(
      services.db,
      services.providers.mail,
      services.clock.now(),
      services.providers.storage,
    );
  },
});

/** Ask for delivery now rather than at the next minute. */
export async function kickOutbox(services: Pick<AppServices, 'boss'>) {
  await enqueue(services, outboxDispatchJob, {});
}
