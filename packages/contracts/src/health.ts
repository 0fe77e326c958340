import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export const readinessResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});
