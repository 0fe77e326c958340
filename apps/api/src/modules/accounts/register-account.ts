import { randomUUID } from 'node:crypto';
import type {
  RegisterAccountCodeSent,
  RegisterAccountRequest,
  RegisterAccountResponse,
} from '@forecourt/contracts/identity';
import { eq } from 'drizzle-orm';
import { customers, identityUsers, parties } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound, validation } from '../../lib/errors.ts';
import { enqueue } from '../../lib/outbox.ts';
import { CODE_TTL_MS, type CodeCheck } from '../../providers/identity-provider/one-time-codes.ts';
import { signInTicket } from '../../providers/identity-provider/sign-in-ticket.ts';
import { EMBEDDED_ISSUER_KEY, issuerKey } from '../identity/index.ts';
import { proposalHolder } from '../proposals/index.ts';
import {
  accountCodePurpose,
  codeError,
  consumeCode,
  deliverSoon,
  issueCode,
  tooManyCodes,
} from './account-codes.ts';
import { accountHolderByEmail, findCustomer } from './account-queries.ts';

export type RegisterAccountResult =
  | { status: 202; body: RegisterAccountCodeSent }
  | { status: 200; body: RegisterAccountResponse };

/**
 * POST /api/proposals/{code}/account (ADR 120). An e-mail becomes a sign-in identity only when its owner
 * proves it: without `code`, a one-time code goes to the proposal's policyholder e-mail (202 CODE_SENT);
 * with the right code, the visitor's party becomes that customer's party (their quotes stay theirs) and,
 * with the embedded issuer, a sign-in user is made and a one-use sign-in ticket returned. From then on
 * the visitor's anonymous token no longer reaches the party: they continue signed in.
 *
 * An e-mail that already has an account gets the same 202, but its owner receives a note to sign in
 * instead of a code, so the answer tells nobody which e-mails have accounts.
 */
export async function registerAccount(
  ctx: Ctx,
  proposalCode: string,
  input: RegisterAccountRequest,
): Promise<RegisterAccountResult> {
  const partyId = requireParty(ctx.caller);
  const proposal = await proposalHolder(ctx.db, partyId, proposalCode);
  if (!proposal) throw notFound('No such proposal');
  const existing = await findCustomer(ctx.db, partyId);
  if (existing)
    return {
      status: 200,
      body: { status: 'REGISTERED', accountRegistered: true, email: existing.email ?? proposal.email ?? '' },
    };
  const email = proposal.email;
  if (!email) throw validation({ email: ['Enter the policyholder’s e-mail address'] });
  const address = { channel: 'email' as const, value: email };
  const purpose = accountCodePurpose(partyId);
  const now = ctx.clock.now();
  const brand = ctx.brand.name;

  if (input.code === undefined) {
    const sent = await ctx.db.transaction(async (tx) => {
      const issued = await issueCode(
        tx as never,
        now,
        purpose,
        address,
        undefined,
        ctx.env.SIGN_IN_CODES_PER_ADDRESS,
      );
      if (!issued.ok) return false;
      const holder = await accountHolderByEmail(tx as never, email);
      await enqueue(
        tx as never,
        holder
          ? {
              channel: 'email',
              recipient: email,
              subject: `You already have a ${brand} account`,
              body: `Hello,\n\nSomeone asked to set up a ${brand} account with this e-mail address, but you already have one. If it was you, sign in with this e-mail address to carry on with your quote: we'll send you a sign-in code.\n\nIf it wasn't you, you can ignore this e-mail: nothing has changed.\n`,
              payload: { kind: 'account-exists' },
            }
          : {
              channel: 'email',
              recipient: email,
              subject: `Your ${brand} account code: ${issued.code}`,
              body: `Your code to set up your ${brand} account is ${issued.code}.\n\nIt expires in 10 minutes. If you did not ask for it, you can ignore this e-mail: no account is made without the code.\n`,
              payload: { kind: 'account-code' },
            },
      );
      return true;
    });
    if (!sent) throw tooManyCodes();
    await deliverSoon(ctx);
    return { status: 202, body: { status: 'CODE_SENT', email, expiresIn: CODE_TTL_MS / 1000 } };
  }

  const embedded = issuerKey(ctx.env) === EMBEDDED_ISSUER_KEY;
  const outcome = await ctx.db.transaction(async (tx): Promise<CodeCheck & { subject?: string | null }> => {
    const checked = await consumeCode(tx as never, now, purpose, address, input.code ?? '');
    if (!checked.ok) return checked;
    // The owner of an e-mail that has an account was sent a note, not a code: no code can match it.
    if (await accountHolderByEmail(tx as never, email)) return { ok: false, reason: 'INVALID' };
    let subject: string | null = null;
    if (embedded) {
      subject = randomUUID();
      // Only the proven e-mail becomes a sign-in identity; the quote's phone number stays a contact
      // number until a code sent to it is entered (PATCH /api/policyholder).
      await tx.insert(identityUsers).values({
        id: subject,
        kind: 'customer',
        email,
        phoneNumber: null,
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
      subject: `Your ${brand} account`,
      body: `Hello ${proposal.firstName ?? ''},\n\nYour ${brand} account is ready. To sign in, use this e-mail address: we'll send you a one-time code each time, so there is no password to remember.\n`,
      payload: { kind: 'account-created' },
    });
    return { ok: true, subject };
  });
  if (!outcome.ok) throw codeError(outcome.reason);
  const ticket = outcome.subject ? await signInTicket(ctx, outcome.subject) : undefined;
  return {
    status: 200,
    body: {
      status: 'REGISTERED',
      accountRegistered: true,
      email,
      ...(ticket ? { signInTicket: ticket } : {}),
    },
  };
}
