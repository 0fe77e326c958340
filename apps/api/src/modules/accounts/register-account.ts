import { randomUUID } from 'node:crypto';
import type { RegisterAccountResponse } from '@forecourt/contracts/identity';
import { eq } from 'drizzle-orm';
import { customers, identityUsers, parties } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound, validation } from '../../lib/errors.ts';
import { enqueue } from '../../lib/outbox.ts';
import { EMBEDDED_ISSUER_KEY, issuerKey } from '../identity/issuer-key.ts';
import { accountHolderByEmail, findCustomer } from './account-queries.ts';
import { findOwnedProposal } from './proposal-access.ts';

/**
 * POST /api/proposals/{code}/account: the proposal's policyholder becomes an account holder. The
 * visitor's party becomes the customer's party (their quotes stay theirs); with the embedded issuer
 * the sign-in user is made now, so the customer can sign in later by a code sent to that e-mail.
 */
export async function registerAccount(ctx: Ctx, proposalCode: string): Promise<RegisterAccountResponse> {
  const partyId = requireParty(ctx.caller);
  const proposal = await findOwnedProposal(ctx.db, proposalCode, partyId);
  if (!proposal) throw notFound('No such proposal');
  const existing = await findCustomer(ctx.db, partyId);
  if (existing) return { accountRegistered: true, email: existing.email ?? proposal.email ?? '' };
  const email = proposal.email;
  if (!email) throw validation({ email: ['Enter the policyholder’s e-mail address'] });
  if (await accountHolderByEmail(ctx.db, email))
    throw new AppError('CONFLICT', 'An account with this e-mail address already exists. Please sign in.');
  const embedded = issuerKey(ctx.env) === EMBEDDED_ISSUER_KEY;
  await ctx.db.transaction(async (tx) => {
    let subject: string | null = null;
    if (embedded) {
      subject = randomUUID();
      const [phoneTaken] = proposal.phoneNumber
        ? await tx.select().from(identityUsers).where(eq(identityUsers.phoneNumber, proposal.phoneNumber))
        : [];
      await tx.insert(identityUsers).values({
        id: subject,
        kind: 'customer',
        email,
        phoneNumber: phoneTaken ? null : (proposal.phoneNumber ?? null),
        firstName: proposal.firstName ?? null,
        lastName: proposal.lastName ?? null,
      });
    }
    await tx.update(parties).set({ kind: 'customer' }).where(eq(parties.id, partyId));
    // Marketing needs an affirmative choice (PECR, UK GDPR; ADR 146): an unanswered channel is off.
    const prefs = proposal.marketingPreferences;
    await tx.insert(customers).values({
      partyId,
      issuer: issuerKey(ctx.env),
      subject,
      email,
      phoneNumber: proposal.phoneNumber ?? null,
      firstName: proposal.firstName ?? null,
      lastName: proposal.lastName ?? null,
      marketingEmail: prefs?.email ?? false,
      marketingPhone: prefs?.phone ?? false,
      marketingSms: prefs?.sms ?? false,
    });
    await enqueue(tx as never, {
      channel: 'email',
      recipient: email,
      subject: `Your ${ctx.brand.name} account`,
      body: `Hello ${proposal.firstName ?? ''},\n\nYour ${ctx.brand.name} account is ready. To sign in, use this e-mail address: we'll send you a one-time code each time, so there is no password to remember.\n`,
      payload: { kind: 'account-created' },
    });
  });
  return { accountRegistered: true, email };
}
