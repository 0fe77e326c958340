import { randomUUID } from 'node:crypto';
import { parties } from '../../db/schema/index.ts';
import { signAnonymousToken, verifyAnonymousToken } from '../../lib/auth.ts';
import type { AppServices } from '../../lib/context.ts';

/** How long after expiry an anonymous token may still be exchanged for a fresh one. */
const REFRESH_GRACE_SECONDS = 24 * 60 * 60;

/**
 * POST /api/session: a fresh anonymous token. With a (recently) valid anonymous token it is a refresh
 * and keeps the same party, so a visitor's quotes stay theirs; otherwise a new anonymous party starts.
 */
export async function issueSession(services: AppServices, presentedToken: string | undefined) {
  let partyId = presentedToken
    ? await verifyAnonymousToken(services, presentedToken, REFRESH_GRACE_SECONDS)
    : null;
  if (!partyId) {
    partyId = randomUUID();
    await services.db.insert(parties).values({ id: partyId, kind: 'anonymous' });
  }
  return signAnonymousToken(services, partyId);
}
