import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { customers, parties } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';

export interface TokenIdentity {
  issuer: string;
  subject: string;
  email?: string | undefined;
  emailVerified: boolean;
  phoneNumber?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/**
 * The party of a signed-in customer: found by issuer + subject; else an account set up ahead of sign-in
 * with the same verified e-mail is claimed; else a new customer party and account are made.
 */
export async function resolveCustomerParty(services: AppServices, who: TokenIdentity): Promise<string> {
  const [found] = await services.db
    .select({ partyId: customers.partyId })
    .from(customers)
    .where(and(eq(customers.issuer, who.issuer), eq(customers.subject, who.subject)));
  if (found) return found.partyId;
  return services.db.transaction(async (tx) => {
    const email = who.email?.toLowerCase();
    if (email && who.emailVerified) {
      const [pending] = await tx
        .update(customers)
        .set({ subject: who.subject, updatedAt: services.clock.now() })
        .where(
          and(
            eq(customers.issuer, who.issuer),
            isNull(customers.subject),
            sql`lower(${customers.email}) = ${email}`,
          ),
        )
        .returning({ partyId: customers.partyId });
      if (pending) return pending.partyId;
    }
    // An unverified e-mail that another account already holds is not recorded on this one.
    const [holder] = email
      ? await tx
          .select({ partyId: customers.partyId })
          .from(customers)
          .where(and(eq(customers.issuer, who.issuer), sql`lower(${customers.email}) = ${email}`))
      : [];
    const partyId = randomUUID();
    await tx.insert(parties).values({ id: partyId, kind: 'customer' });
    const inserted = await tx
      .insert(customers)
      .values({
        partyId,
        issuer: who.issuer,
        subject: who.subject,
        email: holder ? null : (email ?? null),
        phoneNumber: who.phoneNumber ?? null,
        firstName: who.firstName ?? null,
        lastName: who.lastName ?? null,
      })
      .onConflictDoNothing()
      .returning({ partyId: customers.partyId });
    if (inserted[0]) return partyId;
    // A concurrent first request made the account; use it.
    const [again] = await tx
      .select({ partyId: customers.partyId })
      .from(customers)
      .where(and(eq(customers.issuer, who.issuer), eq(customers.subject, who.subject)));
    if (!again) throw new Error('Customer account could not be created');
    return again.partyId;
  });
}
