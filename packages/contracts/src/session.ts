import { z } from 'zod';

export const sessionResponseSchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int().positive(),
  tokenType: z.literal('Bearer'),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
