import { endpoint } from './endpoint.ts';

/**
 * The operations that the app shell and the home route load with the first page: the anonymous session, the
 * impression, the customer's proposals and deleting one. Those modules call them as `homeEndpoints.x`, so the
 * first page does not load the whole table of endpoints (2.1 KB gzipped of issue 29's 150 KB home budget, ADR
 * 370; as partner-endpoints.ts, ADR 362). `endpoints` spreads them in: anywhere else they are
 * `endpoints.x`, and a test's `reply(endpoints.x, …)` answers either (mocks match the method and the path).
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
