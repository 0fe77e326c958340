import type { Policyholder, UpdatePolicyholder } from '@forecourt/contracts/identity';
import { and, eq, ne, sql } from 'drizzle-orm';
import { customers, identityUsers } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { EMBEDDED_ISSUER_KEY } from '../identity/issuer-key.ts';
import { findCustomer, toPolicyholder } from './account-queries.ts';

const conflict = (field: string, message: string) =>
  new AppError('CONFLICT', message, { fieldErrors: { [field]: [message] } });

/**
 * PATCH /api/policyholder: writes only what changed. The sign-in e-mail is the customer's own to change
 * (an impersonating admin is refused) and, with the embedded issuer, changes the sign-in address too.
 */
export async function updatePolicyholder(ctx: Ctx, input: UpdatePolicyholder): Promise<Policyholder> {
  const partyId = requireParty(ctx.caller);
  return ctx.db.transaction(async (tx) => {
    const row = await findCustomer(tx, partyId);
    if (!row) throw notFound('No account');
    const email = input.email?.toLowerCase();
    const changes: Partial<typeof customers.$inferInsert> = {};
    if (email !== undefined && email !== row.email?.toLowerCase()) {
      if (ctx.caller.kind === 'admin') throw forbidden();
      if (toPolicyholder(row, ctx.env).readOnlySettings.includes('email'))
        throw new AppError('FORBIDDEN', 'Your e-mail address is managed by your sign-in provider');
      changes.email = email;
    }
    if (input.phoneNumber !== undefined && input.phoneNumber !== row.phoneNumber)
      changes.phoneNumber = input.phoneNumber;
    const prefs = input.marketingPreferences;
    if (prefs && prefs.email !== row.marketingEmail) changes.marketingEmail = prefs.email;
    if (prefs && prefs.phone !== row.marketingPhone) changes.marketingPhone = prefs.phone;
    if (prefs && prefs.sms !== row.marketingSms) changes.marketingSms = prefs.sms;
    if (Object.keys(changes).length === 0) return toPolicyholder(row, ctx.env);

    if (changes.email) {
      const [taken] = await tx
        .select({ partyId: customers.partyId })
        .from(customers)
        .where(and(sql`lower(${customers.email}) = ${changes.email}`, ne(customers.partyId, partyId)));
      if (taken) throw conflict('email', 'Another account already uses this e-mail address');
    }
    if (row.issuer === EMBEDDED_ISSUER_KEY && row.subject && (changes.email || 'phoneNumber' in changes)) {
      const user: Partial<typeof identityUsers.$inferInsert> = {};
      if (changes.email) user.email = changes.email;
      if ('phoneNumber' in changes) user.phoneNumber = changes.phoneNumber ?? null;
      const others = await tx
        .select({ email: identityUsers.email, phone: identityUsers.phoneNumber })
        .from(identityUsers)
        .where(
          and(
            ne(identityUsers.id, row.subject),
            sql`(lower(${identityUsers.email}) = ${user.email ?? ''} OR ${identityUsers.phoneNumber} = ${user.phoneNumber ?? ''})`,
          ),
        );
      if (others.some((o) => user.email && o.email?.toLowerCase() === user.email))
        throw conflict('email', 'Another account already uses this e-mail address');
      if (others.some((o) => user.phoneNumber && o.phone === user.phoneNumber))
        throw conflict('phoneNumber', 'Another account already uses this phone number');
      await tx.update(identityUsers).set(user).where(eq(identityUsers.id, row.subject));
    }
    const [updated] = await tx
      .update(customers)
      .set({ ...changes, updatedAt: ctx.clock.now() })
      .where(eq(customers.partyId, partyId))
      .returning();
    return toPolicyholder(updated ?? row, ctx.env);
  });
}
