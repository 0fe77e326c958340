import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { loginCodes, oidcModels } from '../../db/schema/index.ts';
import { defineJob } from '../../jobs/registry.ts';
import type { AppServices } from '../../lib/context.ts';

/** Codes are kept a day after they were sent (rate limits look back 15 minutes), then deleted. */
const CODE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Deletes expired identity-provider records (sessions, grants, tokens) and old sign-in codes. */
export async function purgeExpiredIdentityRecords(services: AppServices) {
  const now = services.clock.now();
  const models = await services.db
    .delete(oidcModels)
    .where(lt(oidcModels.expiresAt, now))
    .returning({ id: oidcModels.id });
  const codes = await services.db
    .delete(loginCodes)
    .where(lt(loginCodes.createdAt, new Date(now.getTime() - CODE_RETENTION_MS)))
    .returning({ id: loginCodes.id });
  return { models: models.length, codes: codes.length };
}

/** Nightly at 03:17 London. */
export const identityPurgeJob = defineJob({
  name: 'identity-purge',
  payload: z.object({}),
  queue: { policy: 'singleton' },
  schedule: { cron: '17 3 * * *', payload: {} },
  async handler(services) {
    await purgeExpiredIdentityRecords(services);
  },
});
