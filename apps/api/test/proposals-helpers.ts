import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import type { FastifyInstance } from 'fastify';
import { anonymousToken } from './helpers/test-app.ts';

export const SCHEME = 'FCMOTOR1';

/** A visitor: an anonymous token and helpers that call the API as them. */
export async function visitor(app: FastifyInstance) {
  return visitorWith(app, await anonymousToken(app));
}

/** The holder of an anonymous session token got some other way (a retrieved quote, a partner's deep link). */
export function visitorWith(app: FastifyInstance, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { token, headers, call };
}

export type Visitor = ReturnType<typeof visitorWith>;

export const today = () => todayInLondon(new Date());
export const completeData = () => sampleProposalData(today());

/** Creates a proposal with complete answers and rates it; returns the rated proposal. */
export async function ratedProposal(
  v: Visitor,
  mutate?: (d: ReturnType<typeof completeData>) => void,
  promoCode?: string,
  schemeCode = SCHEME,
) {
  const data = completeData();
  mutate?.(data);
  const created = await v.call('POST', '/api/proposals', {
    schemeCode,
    data,
    ...(promoCode ? { promoCode } : {}),
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  const code = created.json().proposalCode as string;
  const rated = await v.call('PATCH', `/api/proposals/${code}`, { changes: [], applyRating: true });
  return { code, res: rated, body: rated.json() };
}
