import type { BackBookRequest, Proposal } from '@forecourt/contracts/proposals';
import type { SessionResponse } from '@forecourt/contracts/session';
import { api } from '../../lib/api/client.ts';
import { AnonymousSession } from '../../lib/session/anonymous-session.ts';

/** POST /api/session/back-book: the saved quote's session (spec 3 §7); the token replaces the visitor's. */
export async function retrieveSession(body: BackBookRequest) {
  const session = await api<SessionResponse>('/session/back-book', { method: 'POST', body, anonymous: true });
  const store = new AnonymousSession();
  store.setToken(session);
  store.stop();
}

export async function findByReference(externalReference: string): Promise<Proposal | undefined> {
  const { items } = await api<{ items: Proposal[] }>('/proposals', { query: { externalReference } });
  return items[0];
}
