import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/connection.ts';
import { appSecrets } from '../../db/schema/index.ts';

export interface IssuerKeys {
  /** Private signing keys (JWK set) for oidc-provider. */
  jwks: { keys: JWK[] };
  /** The same keys without private parts: what the API verifies access tokens against. */
  publicJwks: { keys: JWK[] };
  /** Keys oidc-provider signs its cookies with. */
  cookieKeys: string[];
}

const KEY_NAME = 'oidc-signing-keys';
const COOKIE_NAME = 'oidc-cookie-keys';

async function storeOnce(db: Db, name: string, make: () => Promise<string>): Promise<string> {
  const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (existing) return existing.value;
  await db
    .insert(appSecrets)
    .values({ name, value: await make() })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}

/**
 * The embedded issuer's keys: an ES256 signing key generated on first start and kept in app_secrets
 * (like lib/secrets.ts), so every copy of the API on one database signs and verifies with the same key.
 */
export async function loadIssuerKeys(db: Db): Promise<IssuerKeys> {
  const signing = await storeOnce(db, KEY_NAME, async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    const kid = randomBytes(8).toString('hex');
    return JSON.stringify({ keys: [{ ...jwk, kid, alg: 'ES256', use: 'sig' }] });
  });
  const cookie = await storeOnce(db, COOKIE_NAME, async () =>
    JSON.stringify([randomBytes(32).toString('base64url')]),
  );
  const jwks = JSON.parse(signing) as { keys: JWK[] };
  const publicJwks = {
    keys: jwks.keys.map(({ d: _d, ...pub }) => pub),
  };
  return { jwks, publicJwks, cookieKeys: JSON.parse(cookie) as string[] };
}
