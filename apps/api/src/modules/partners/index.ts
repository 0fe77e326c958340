/**
 * The partners module's face (issue 31 part 1, ADR 362): outbound webhooks to a brand's partners. The app
 * wires `recordPartnerEvent` to the `lifecycle.announced` domain event, registers the job and the routes.
 */
export { deliverPartnerWebhooks } from './deliver.ts';
export { kickPartnerWebhooks, partnerWebhooksJob } from './jobs.ts';
export { partnerWebhooksOpenApi } from './openapi.ts';
export { recordPartnerEvent } from './record-event.ts';
export { partnerRoutes } from './routes.ts';
export { verifySignature } from './signature.ts';
export { wakeOnPartnerEvents } from './wake.ts';
