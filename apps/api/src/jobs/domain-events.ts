import { z } from 'zod';
import { deliverPendingEvents } from '../lib/event-delivery.ts';
import { defineJob } from './registry.ts';

/**
 * Hands the outbox's domain events to their handlers (ADR 346): every minute, for events whose delivery after
 * commit failed or never ran (a crash between the commit and the delivery). Each is delivered once.
 */
export const domainEventsJob = defineJob({
  name: 'domain-events',
  payload: z.object({}),
  queue: { policy: 'singleton' },
  schedule: { cron: '* * * * *', payload: {} },
  async handler(services) {
    return deliverPendingEvents(services);
  },
});
