import { call } from '../../lib/api/endpoint.ts';
import { endpoints } from '../../lib/api/endpoints.ts';

/** PUT /proposals/{code}/id-check: the identity check before add-ons (spec 3 §4 step 4). */
export const checkIdentity = (code: string) => call(endpoints.checkIdentity, { params: { code } });
