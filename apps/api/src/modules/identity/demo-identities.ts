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

/** A demo customer of the embedded issuer: a party, a sign-in identity and a customer account. */
export interface DemoPerson {
  partyId: string;
  userId: string;
  email: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
}

export const DEMO_CUSTOMER: DemoPerson = {
  partyId: DEMO_CUSTOMER_PARTY_ID,
  userId: DEMO_CUSTOMER_USER_ID,
  email: DEMO_CUSTOMER_EMAIL,
  phoneNumber: '+447700900123',
  firstName: 'Alex',
  lastName: 'Morgan',
};

/** The second demo customer: an account with nothing in it (no quotes, no policies). */
export const DEMO_NEW_CUSTOMER: DemoPerson = {
  partyId: '00000000-0000-4000-8000-00000000d003',
  userId: '00000000-0000-4000-8000-00000000d004',
  email: 'new@forecourt.example',
  phoneNumber: '+447700900456',
  firstName: 'Jo',
  lastName: 'Patel',
};

/** Creates a demo customer once (a second call changes nothing). */
export async function ensureDemoCustomer(db: Db, person: DemoPerson) {
  await db.transaction(async (tx) => {
    await tx.insert(parties).values({ id: person.partyId, kind: 'customer' }).onConflictDoNothing();
    const { partyId: _p, userId, ...contact } = person;
    await tx
      .insert(identityUsers)
      .values({ id: userId, kind: 'customer', ...contact })
      .onConflictDoNothing();
    await tx
      .insert(customers)
      .values({
        partyId: person.partyId,
        issuer: EMBEDDED_ISSUER_KEY,
        subject: userId,
        ...contact,
        marketingSms: false,
      })
      .onConflictDoNothing();
  });
}

/** Demo seed: one admin who may impersonate, and the two demo customers (README "Demo data"). */
export const identitySeeder: Seeder = {
  name: 'identity',
  run: async ({ db }) => {
    await createStaffUser(db, {
      email: DEMO_ADMIN_EMAIL,
      permissions: [
        'access:impersonate',
        'action:mta-claims',
        'finance',
        'action:claims',
        'access:insights',
        'action:renewals',
        'partner:admin',
      ],
      firstName: 'Sam',
      lastName: 'Support',
    });
    await ensureDemoCustomer(db, DEMO_CUSTOMER);
    await ensureDemoCustomer(db, DEMO_NEW_CUSTOMER);
  },
};
