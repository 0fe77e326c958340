import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';

/** PUT /proposals/{code}/verify: the customer verification before payment (spec 3 §4 step 6). */
export const verifyCustomer = (code: string) => call(endpoints.verifyCustomer, { params: { code } });
