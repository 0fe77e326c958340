import { endpoint } from './endpoint.ts';

/**
 * The operations the home route's own code calls: the anonymous session, the impression, the customer's
 * proposals and deleting one. `endpoints` spreads them in, so they are called and mocked as `endpoints.x` like
 * any other; the home route's modules import them from here, so home does not load the whole table of
 * endpoints (about 2.5 KB gzipped of issue 29's 150 KB budget; as partner-endpoints.ts, ADR 370).
 */
export const homeEndpoints = {
  createSession: endpoint('POST', '/session', async () => ({
    response: (await import('@forecourt/contracts/session')).sessionResponseSchema,
  })),
  listProposals: endpoint('GET', '/proposals', async () => {
    const c = await import('@forecourt/contracts/proposals');
    return { query: c.listProposalsQuerySchema, response: c.listProposalsResponseSchema };
  }),
  deleteProposal: endpoint('DELETE', '/proposals/:code', async () => ({
    response: (await import('zod')).z.null().optional(),
  })),
  postImpression: endpoint('POST', '/insights/impression', async () => {
    const c = await import('@forecourt/contracts/insights');
    return { body: c.impressionRequestSchema, response: c.insightRecordedSchema };
  }),
};
