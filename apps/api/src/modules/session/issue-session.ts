import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { prepared } from '../../db/prepared.ts';
import { parties } from '../../db/schema/index.ts';
import { anonymousTokenSubject, partyKind, signAnonymousToken } from '../../lib/auth.ts';
import type { AppServices } from '../../lib/context.ts';
import { unauthorized } from '../../lib/errors.ts';

/** How long after expiry an anonymous token may still be exchanged for a fresh one. */
const REFRESH_GRACE_SECONDS = 24 * 60 * 60;

/**
 * POST /api/session: a fresh anonymous token. With a (recently) valid anonymous token it is a refresh
 * and keeps the same party, so a visitor's quotes stay theirs; otherwise a new anonymous party starts.
 * A token whose party has since become a customer's is refused (401): nothing is issued for that party,
 * and the visitor starts again without it (or signs in).
 */
export async function issueSession(services: AppServices, presentedToken: string | undefined) {
  let partyId = presentedToken
    ? await anonymousTokenSubject(services, presentedToken, REFRESH_GRACE_SECONDS)
    : null;
  if (partyId) {
    const kind = await partyKind(services, partyId);
    if (kind && kind !== 'anonymous')
      throw unauthorized('This session belongs to an account now. Please sign in.');
    if (!kind) partyId = null;
  }
  partyId ??= await newAnonymousParty(services.db);
  return signAnonymousToken(services, partyId);
}

/** A new anonymous party (on `db`, which may be a transaction): a visitor's, or a partner quote's (ADR 363). */
export async function newAnonymousParty(db: Db): Promise<string> {
  const partyId = randomUUID();
  await prepared(db, 'party_insert_anonymous', (d) =>
    d
      .insert(parties)
      .values({ id: sql.placeholder('partyId'), kind: 'anonymous' })
      .prepare('party_insert_anonymous'),
  ).execute({ partyId });
  return partyId;
}
