import { call } from '../../lib/api/endpoint.ts';
import { endpoints } from '../../lib/api/endpoints.ts';
import { setImpersonation } from '../../lib/auth/impersonation.ts';

/**
 * Staff start acting for a customer (party id or e-mail): the customer is checked to exist by GET
 * /admin/customers naming them (so the attempt is audited like any impersonated call), kept for the session as
 * their party id, and `to` is loaded afresh, with nothing of a previous customer cached. A refusal (an unknown
 * customer 404, no permission 403) is thrown as the API's error, and nobody is impersonated.
 */
export async function actFor(customer: string, to: string): Promise<void> {
  const found = await call(endpoints.lookupCustomer, {
    query: { customer },
    headers: { 'x-impersonate': customer },
  });
  setImpersonation(found.partyId);
  window.location.assign(to);
}
