import type { IdCheckResponse } from '@forecourt/contracts/checks';
import { api } from '../../lib/api/client.ts';

/** PUT /proposals/{code}/id-check: the identity check before add-ons (spec 3 §4 step 4). */
export const checkIdentity = (code: string) =>
  api<IdCheckResponse>(`/proposals/${encodeURIComponent(code)}/id-check`, { method: 'PUT' });
