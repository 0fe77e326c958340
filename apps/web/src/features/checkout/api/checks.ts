import type { VerificationResponse } from '@forecourt/contracts/checks';
import { api } from '../../../lib/api/client.ts';

/** PUT /proposals/{code}/verify: the customer verification before payment (spec 3 §4 step 6). */
export const verifyCustomer = (code: string) =>
  api<VerificationResponse>(`/proposals/${encodeURIComponent(code)}/verify`, { method: 'PUT' });
