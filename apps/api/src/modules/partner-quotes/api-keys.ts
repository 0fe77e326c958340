import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { prepared } from '../../db/prepared.ts';
import { partnerApiKeys } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { oncePer } from '../../lib/once-per.ts';

/** What a partner's key says of its holder. */
export interface PartnerKeyHolder {
  keyId: string;
  partner: string;
  brand: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner named by a valid X-Api-Key (the partner quote route only). */
    partnerKey?: PartnerKeyHolder;
  }
}

const KEY_PREFIX = 'fc_live_';

/** A new key: `fc_live_` and 32 random bytes in base64url (256 bits: not guessable, so not worth salting). */
export function newApiKey() {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, KEY_PREFIX.length + 6), hash: hashOf(key) };
}

export const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Keys recently found valid, by hash, for a few seconds (per database handle): a comparison site sends a
 * request per visitor, and the key's row would otherwise be read for every one. A revocation here forgets the
 * key at once; another process forgets it within KNOWN_FOR_MS.
 */
const KNOWN_FOR_MS = 5_000;
const known = oncePer((_db: object) => new Map<string, { holder: PartnerKeyHolder; until: number }>());

export function forgetKey(services: Pick<AppServices, 'db'>, keyId: string) {
  const seen = known(services.db);
  for (const [hash, entry] of seen) if (entry.holder.keyId === keyId) seen.delete(hash);
}

/**
 * The partner holding the request's X-Api-Key, for this brand: an active (not revoked) key. Missing, unknown,
 * revoked or another brand's key: 401, one answer for all.
 */
export async function partnerOf(
  services: Pick<AppServices, 'db' | 'brand'>,
  request: FastifyRequest,
): Promise<PartnerKeyHolder> {
  const header = request.headers['x-api-key'];
  const key = Array.isArray(header) ? undefined : header;
  if (!key || key.length > 200 || !key.startsWith(KEY_PREFIX))
    throw unauthorized('A valid X-Api-Key is required');
  const hash = hashOf(key);
  const seen = known(services.db);
  const now = Date.now();
  const cached = seen.get(hash);
  if (cached && cached.until > now) return cached.holder;
  const [row] = await prepared(services.db, 'partner_key_by_hash', (db) =>
    db
      .select({ keyId: partnerApiKeys.id, partner: partnerApiKeys.partner, brand: partnerApiKeys.brand })
      .from(partnerApiKeys)
      .where(
        and(
          eq(partnerApiKeys.keyHash, sql.placeholder('hash')),
          eq(partnerApiKeys.brand, sql.placeholder('brand')),
          isNull(partnerApiKeys.revokedAt),
        ),
      )
      .prepare('partner_key_by_hash'),
  ).execute({ hash, brand: services.brand.id });
  if (!row) {
    seen.delete(hash);
    throw unauthorized('A valid X-Api-Key is required');
  }
  if (seen.size >= 1000) seen.delete(seen.keys().next().value as string);
  seen.set(hash, { holder: row, until: now + KNOWN_FOR_MS });
  return row;
}
