import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';

/**
 * After sign-in: the quotes the visitor made under the anonymous session move into the account
 * (POST /api/proposals/merge, naming one of them and proving the anonymous session with its token).
 */
export async function mergeAnonymousQuotes(anonymousToken: string | undefined, customerToken: string) {
  if (!anonymousToken) return undefined;
  const list = await call(endpoints.listProposals, {
    headers: { authorization: `Bearer ${anonymousToken}` },
  }).catch(() => ({ items: [] }));
  const first = list.items[0];
  if (!first) return undefined;
  return call(endpoints.mergeProposals, {
    headers: { authorization: `Bearer ${customerToken}` },
    body: { proposalCode: first.proposalCode, sourceAccessToken: anonymousToken },
  });
}
