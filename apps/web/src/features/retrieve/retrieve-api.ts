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

/**
 * POST /api/session/partner-quote: a partner quote's deep link token, spent once, for the quote's session (as a
 * retrieved quote's); answers the proposal to open. A signed-in customer's quote moves into their account at once
 * (POST /api/proposals/merge, proven by that session), as a visitor's quotes do at sign-in; a visitor keeps the
 * session. Shared by every caller in this page, so that a second render (React's development double effects)
 * does not spend the link twice.
 */
const opening = new Map<string, Promise<{ proposalCode: string; schemeCode: string }>>();
export function openPartnerQuote(token: string, signedIn: boolean) {
  let inflight = opening.get(token);
  if (!inflight) {
    inflight = call(endpoints.openPartnerQuote, { body: { token }, anonymous: true }).then(
      async (session) => {
        if (signedIn)
          await call(endpoints.mergeProposals, {
            body: { proposalCode: session.proposalCode, sourceAccessToken: session.accessToken },
          });
        else {
          const store = new AnonymousSession();
          store.setToken(session);
          store.stop();
        }
        return { proposalCode: session.proposalCode, schemeCode: session.schemeCode };
      },
    );
    opening.set(token, inflight);
  }
  return inflight;
}

export async function findByReference(externalReference: string): Promise<Proposal | undefined> {
  const { items } = await call(endpoints.listProposals, { query: { externalReference } });
  return items[0];
}
