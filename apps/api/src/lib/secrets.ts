import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { appSecrets } from '../db/schema/index.ts';
import { oncePer } from './once-per.ts';

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

const rememberedIn = oncePer((_db: Db) => new Map<string, Promise<string>>());

/**
 * `ensureSecret` asked of the database once per process and database: a stored secret never changes (it is
 * inserted once and never updated), and the sandbox providers ask for theirs on every payment they sign.
 * A failed read is not remembered.
 */
export function rememberedSecret(db: Db, name: string): Promise<string> {
  const secrets = rememberedIn(db);
  let secret = secrets.get(name);
  if (!secret) {
    secret = ensureSecret(db, name);
    secrets.set(name, secret);
    secret.catch(() => secrets.delete(name));
  }
  return secret;
}
