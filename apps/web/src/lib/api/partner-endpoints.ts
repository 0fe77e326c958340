import { endpoint } from './endpoint.ts';

/**
 * The staff partner screens' operations (webhook endpoints, ADR 362; API keys, ADR 363), apart from `endpoints`:
 * only the lazy admin screens import this, so the home bundle does not carry them (issue 29's 150 KB budget).
 * Called and mocked like any other (`call(partnerEndpoints.x, …)`, `reply(partnerEndpoints.x, …)`).
 */
export const partnerEndpoints = {
  listPartnerEndpoints: endpoint('GET', '/admin/partners/endpoints', async () => ({
    response: (await import('@forecourt/contracts/partners')).partnerEndpointListSchema,
  })),
  createPartnerEndpoint: endpoint('POST', '/admin/partners/endpoints', async () => {
    const c = await import('@forecourt/contracts/partners');
    return { body: c.createPartnerEndpointSchema, response: c.partnerEndpointWithSecretSchema };
  }),
  setPartnerEndpointEnabled: endpoint('POST', '/admin/partners/endpoints/:id/enabled', async () => {
    const c = await import('@forecourt/contracts/partners');
    return { body: c.setPartnerEndpointEnabledSchema, response: c.partnerEndpointSchema };
  }),
  rollPartnerSecret: endpoint('POST', '/admin/partners/endpoints/:id/roll-secret', async () => ({
    response: (await import('@forecourt/contracts/partners')).partnerEndpointWithSecretSchema,
  })),
  listPartnerDeliveries: endpoint('GET', '/admin/partners/endpoints/:id/deliveries', async () => ({
    response: (await import('@forecourt/contracts/partners')).partnerDeliveryListSchema,
  })),
  replayPartnerEvents: endpoint('POST', '/admin/partners/endpoints/:id/replay', async () => {
    const c = await import('@forecourt/contracts/partners');
    return { body: c.replayPartnerEventsSchema, response: c.replayResultSchema };
  }),
  listPartnerKeys: endpoint('GET', '/admin/partner-keys', async () => ({
    response: (await import('@forecourt/contracts/partner-quotes')).partnerKeyListSchema,
  })),
  createPartnerKey: endpoint('POST', '/admin/partner-keys', async () => {
    const c = await import('@forecourt/contracts/partner-quotes');
    return { body: c.createPartnerKeyRequestSchema, response: c.createdPartnerKeySchema };
  }),
  revokePartnerKey: endpoint('POST', '/admin/partner-keys/:id/revoke', async () => ({
    response: (await import('@forecourt/contracts/partner-quotes')).partnerKeySchema,
  })),
};
