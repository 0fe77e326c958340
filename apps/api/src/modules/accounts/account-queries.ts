import type { Policyholder } from '@forecourt/contracts/identity';
import { eq, sql } from 'drizzle-orm';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/connection.ts';
import { customers, identityUsers } from '../../db/schema/index.ts';

export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomer(db: Db, partyId: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.partyId, partyId));
  return row;
}

/** The party holding an account with this e-mail (customer accounts and the embedded issuer's users). */
export async function accountHolderByEmail(
  db: Db,
  email: string,
): Promise<{ partyId: string | undefined } | undefined> {
  const lower = email.toLowerCase();
  const [customer] = await db
    .select({ partyId: customers.partyId })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${lower}`);
  if (customer) return customer;
  const [user] = await db
    .select({ id: identityUsers.id })
    .from(identityUsers)
    .where(sql`lower(${identityUsers.email}) = ${lower}`);
  return user ? { partyId: undefined } : undefined;
}

export function toPolicyholder(row: CustomerRow, env: Env): Policyholder {
  return {
    partyId: row.partyId,
    accountRegistered: true,
    email: row.email,
    phoneNumber: row.phoneNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    marketingPreferences: { email: row.marketingEmail, phone: row.marketingPhone, sms: row.marketingSms },
    // An outside issuer owns the sign-in e-mail; it is changed there, not here.
    readOnlySettings: env.OIDC_ISSUER ? ['email'] : [],
  };
}
