import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PaymentDeclinedError } from './settle-by-token.ts';

/** The 402 body of a declined phone payment. */
export const declinedSchema = z.object({
  code: z.literal('PAYMENT_REQUIRED'),
  message: z.string(),
  declineCode: z.string(),
  requestId: z.string(),
});

/** Runs a phone payment; a decline becomes a 402 carrying the decline code, anything else is rethrown. */
export async function orDeclined<T>(req: FastifyRequest, reply: FastifyReply, run: () => Promise<T>) {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof PaymentDeclinedError)) throw err;
    return reply.status(402).send({
      code: 'PAYMENT_REQUIRED' as const,
      message: err.message,
      declineCode: err.declineCode,
      requestId: req.id,
    });
  }
}
