import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customers, identityUsers, parties } from '../../db/schema/index.ts';
import type { Seeder } from '../../db/seeder.ts';
import { EMBEDDED_ISSUER_KEY } from './issuer-key.ts';

/** The demo customer's party: fixed so other modules' demo data (policies, bills) can belong to it. */
export const DEMO_CUSTOMER_PARTY_ID = '00000000-0000-4000-8000-00000000d001';
export const DEMO_CUSTOMER_USER_ID = '00000000-0000-4000-8000-00000000d002';
export const DEMO_CUSTOMER_EMAIL = 'demo@forecourt.example';
export const DEMO_ADMIN_EMAIL = 'admin@forecourt.example';

/** Creates (or updates the permissions of) a staff user of the embedded issuer. */
export async function createStaffUser(
  db: Db,
  input: { email: string; permissions: string[]; firstName?: string; lastName?: string },
): Promise<{ id: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select().from(identityUsers).where(eq(identityUsers.email, email));
  if (existing) {
    await db
      .update(identityUsers)
      .set({ kind: 'staff', permissions: input.permissions })
      .where(eq(identityUsers.id, existing.id));
    return { id: existing.id, created: false };
  }
  const id = randomUUID();
  await db.insert(identityUsers).values({
    id,
    kind: 'staff',
    email,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    permissions: input.permissions,
  });
  return { id, created: true };
}

/** Demo seed: one admin who may impersonate, and one demo customer with an account. */
export const identitySeeder: Seeder = {
  name: 'identity',
  run: async ({ db }) => {
    await createStaffUser(db, {
      email: DEMO_ADMIN_EMAIL,
      permissions: ['access:impersonate', 'action:mta-claims', 'finance', 'action:claims', 'access:insights'],
      firstName: 'Sam',
      lastName: 'Support',
    });
    await db.transaction(async (tx) => {
      await tx.insert(parties).values({ id: DEMO_CUSTOMER_PARTY_ID, kind: 'customer' }).onConflictDoNothing();
      await tx
        .insert(identityUsers)
        .values({
          id: DEMO_CUSTOMER_USER_ID,
          kind: 'customer',
          email: DEMO_CUSTOMER_EMAIL,
          phoneNumber: '+447700900123',
          firstName: 'Alex',
          lastName: 'Morgan',
        })
        .onConflictDoNothing();
      await tx
        .insert(customers)
        .values({
          partyId: DEMO_CUSTOMER_PARTY_ID,
          issuer: EMBEDDED_ISSUER_KEY,
          subject: DEMO_CUSTOMER_USER_ID,
          email: DEMO_CUSTOMER_EMAIL,
          phoneNumber: '+447700900123',
          firstName: 'Alex',
          lastName: 'Morgan',
          marketingSms: false,
        })
        .onConflictDoNothing();
    });
  },
};
