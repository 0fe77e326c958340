import { lt } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { loginCodes, oidcModels } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';

export const IDENTITY_PURGE = 'identity-purge';
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

export async function registerIdentityJobs(boss: PgBoss, services: AppServices) {
  await boss.createQueue(IDENTITY_PURGE, { name: IDENTITY_PURGE, policy: 'singleton' });
  await boss.work(IDENTITY_PURGE, async () => {
    await purgeExpiredIdentityRecords(services);
  });
  await boss.schedule(IDENTITY_PURGE, '17 3 * * *', {}, { tz: 'Europe/London' });
}
