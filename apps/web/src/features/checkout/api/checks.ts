import type { IdCheckResponse, VerificationResponse } from '@forecourt/contracts/checks';
import { api } from '../../../lib/api/client.ts';

const base = (code: string) => `/proposals/${encodeURIComponent(code)}`;

/** PUT /proposals/{code}/id-check: the identity check before add-ons (spec 3 §4 step 4). */
export const checkIdentity = (code: string) =>
  api<IdCheckResponse>(`${base(code)}/id-check`, { method: 'PUT' });

/** PUT /proposals/{code}/verify: the customer verification before payment (spec 3 §4 step 6). */
export const verifyCustomer = (code: string) =>
  api<VerificationResponse>(`${base(code)}/verify`, { method: 'PUT' });
