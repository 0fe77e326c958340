import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { appSecrets } from '../db/schema/index.ts';

/**
 * A secret the app needs but nobody configured: generated once, kept in the database, the same for every
 * copy of the API on that database. A configured value always wins.
 */
export async function ensureSecret(db: Db, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}
