import { eq, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { ACT_FOR_CUSTOMER, requirePermission } from '../../lib/roles.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a customer is the one named by a party id or an e-mail (any case), as X-Impersonate names one. */
function customerNamed(given: string) {
  return UUID.test(given)
    ? eq(customers.partyId, given)
    : sql`lower(${customers.email}) = ${given.toLowerCase()}`;
}

/**
 * GET /api/admin/customers?customer=: the customer staff are about to impersonate, so the impersonation
 * screen can refuse an unknown one inline. Staff with access:impersonate only (403 for other staff and for
 * customers, 401 without a token); an unknown customer is a 404.
 */
export async function lookupCustomer(ctx: Ctx, given: string) {
  requirePermission(ctx.caller, ACT_FOR_CUSTOMER);
  const [customer] = await ctx.db
    .select({ partyId: customers.partyId, email: customers.email })
    .from(customers)
    .where(customerNamed(given.trim()));
  if (!customer) throw notFound('No customer has that id');
  return customer;
}
