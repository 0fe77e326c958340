import { policyMachine } from '@forecourt/domain/lifecycle/index';
import { and, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import { policies } from '../../db/schema/index.ts';
import { defineJob } from '../../jobs/registry.ts';
import type { AppServices } from '../../lib/context.ts';
import { guardOf } from '../../lib/lifecycle.ts';

/**
 * A policy bought ahead is PENDING until its cover starts (00:00 London on the start date, ADR 111), then
 * ACTIVE. Returns the policy numbers activated.
 */
export async function activateStartedPolicies(services: Pick<AppServices, 'db' | 'clock'>) {
  const start = guardOf(policyMachine, 'start');
  const activated = await services.db
    .update(policies)
    .set({ status: start.to })
    .where(and(inArray(policies.status, start.from), lte(policies.inceptedAt, services.clock.now())))
    .returning({ policyNumber: policies.policyNumber });
  return activated.map((p) => p.policyNumber);
}

/** Every minute, so a policy is ACTIVE within a minute of its cover starting. */
export const policyActivationJob = defineJob({
  name: 'policy-activation',
  payload: z.object({}),
  queue: { policy: 'singleton' },
  schedule: { cron: '* * * * *', payload: {} },
  async handler(services) {
    await activateStartedPolicies(services);
  },
});
