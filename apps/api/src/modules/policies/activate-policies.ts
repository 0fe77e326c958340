import { and, eq, lte } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { policies } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';

export const POLICY_ACTIVATION_QUEUE = 'policy-activation';

/**
 * A policy bought ahead is PENDING until its cover starts (00:00 London on the start date, ADR 111), then
 * ACTIVE. Returns the policy numbers activated.
 */
export async function activateStartedPolicies(services: Pick<AppServices, 'db' | 'clock'>) {
  const activated = await services.db
    .update(policies)
    .set({ status: 'ACTIVE' })
    .where(and(eq(policies.status, 'PENDING'), lte(policies.inceptedAt, services.clock.now())))
    .returning({ policyNumber: policies.policyNumber });
  return activated.map((p) => p.policyNumber);
}

/** Every minute, so a policy is ACTIVE within a minute of its cover starting. */
export async function registerPolicyJobs(boss: PgBoss, services: AppServices) {
  await boss.createQueue(POLICY_ACTIVATION_QUEUE, { name: POLICY_ACTIVATION_QUEUE, policy: 'singleton' });
  await boss.work(POLICY_ACTIVATION_QUEUE, async () => {
    await activateStartedPolicies(services);
  });
  await boss.schedule(POLICY_ACTIVATION_QUEUE, '* * * * *', {}, { tz: 'Europe/London' });
}
