import { z } from 'zod';

/**
 * The payloads of the events carried by the outbox (ADR 346): stored as JSON with the emitter's write, parsed
 * again before their handler runs. Add an event here, and its handler in src/wiring.ts.
 */
export const outboxEventSchemas = {
  /** A policy version was bound from a settled payment or the bind call: documents makes its PDFs. */
  'policy.bound': z.object({ policyVersionId: z.string().uuid() }),
};
