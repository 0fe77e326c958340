import type { BackBookRequest, Proposal } from '@forecourt/contracts/proposals';
import { call } from '../../lib/api/endpoint.ts';
import { endpoints } from '../../lib/api/endpoints.ts';
import { AnonymousSession } from '../../lib/session/anonymous-session.ts';

/** POST /api/session/back-book: the saved quote's session (spec 3 §7); the token replaces the visitor's. */
export async function retrieveSession(body: BackBookRequest) {
  const session = await call(endpoints.retrieveSession, { body, anonymous: true });
  const store = new AnonymousSession();
  store.setToken(session);
  store.stop();
}

export async function findByReference(externalReference: string): Promise<Proposal | undefined> {
  const { items } = await call(endpoints.listProposals, { query: { externalReference } });
  return items[0];
}
