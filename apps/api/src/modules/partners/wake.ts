import pg from 'pg';
import type { AppServices } from '../../lib/context.ts';
import { kickPartnerWebhooks } from './jobs.ts';

/** The channel a transaction that recorded deliveries notifies: PostgreSQL sends it only once it commits. */
export const PARTNER_CHANNEL = 'partner_webhooks';

type Services = Pick<AppServices, 'boss' | 'database' | 'env'> & {
  log: { warn: (o: object, m: string) => void };
};

/**
 * Wakes the `partner-webhooks` job right after a transaction that recorded deliveries commits (ADR 362): the
 * recorder sends `NOTIFY partner_webhooks` in the emitter's transaction, which PostgreSQL (and PGlite)
 * delivers on commit only, never for a rolled-back one; this process listens (when it runs jobs) and asks for
 * the job at once (the queue keeps at most one waiting). Answers how to stop listening. The every-minute
 * schedule stays: a notification lost (a restart) delays deliveries by a minute at most.
 */
export async function wakeOnPartnerEvents(services: Services): Promise<() => Promise<void>> {
  if (!services.boss) return async () => {};
  const kick = () => {
    kickPartnerWebhooks(services).catch((err: unknown) =>
      services.log.warn({ err }, 'could not wake the partner-webhooks job'),
    );
  };
  const pglite = services.database.pglite;
  if (pglite) {
    const stop = await pglite.listen(PARTNER_CHANNEL, kick);
    return async () => {
      await stop().catch(() => undefined);
    };
  }
  if (!services.env.DATABASE_URL) return async () => {};
  const client = new pg.Client({ connectionString: services.env.DATABASE_URL });
  client.on('error', (err) => services.log.warn({ err }, 'partner-webhooks listener lost its connection'));
  client.on('notification', kick);
  await client.connect();
  await client.query(`LISTEN ${PARTNER_CHANNEL}`);
  return async () => {
    await client.end().catch(() => undefined);
  };
}
