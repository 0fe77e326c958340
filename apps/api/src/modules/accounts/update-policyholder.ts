import type { Policyholder, UpdatePolicyholder, VerificationRequired } from '@forecourt/contracts/identity';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customers, identityUsers } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, forbidden, notFound, validation } from '../../lib/errors.ts';
import { enqueue } from '../../lib/outbox.ts';
import { type CodeCheck, parseAddress } from '../../providers/identity-provider/one-time-codes.ts';
import { EMBEDDED_ISSUER_KEY } from '../identity/index.ts';
import {
  changeCodePurpose,
  codeError,
  consumeCode,
  deliverSoon,
  issueCode,
  tooManyCodes,
} from './account-codes.ts';
import { type CustomerRow, findCustomer, toPolicyholder } from './account-queries.ts';

export type UpdatePolicyholderResult =
  | { status: 200; body: Policyholder }
  | { status: 202; body: VerificationRequired };

type Outcome =
  | UpdatePolicyholderResult
  | { status: 'bad-code'; reason: Exclude<CodeCheck, { ok: true }>['reason'] };

/**
 * PATCH /api/policyholder: writes only what changed (ADR 120). Marketing preferences apply at once. A new
 * e-mail, or a new mobile number (which signs in by SMS), takes effect only with the one-time code sent
 * to that NEW address: the call without `code` sends it and answers 202; the call with it applies the
 * change and tells the old address. A landline is kept as a contact number only, never a sign-in identity.
 * The sign-in e-mail is the customer's own to change (an impersonating admin is refused).
 *
 * An address another account already signs in with gets the same 202 (docs/SECURITY.md rule 10, issue 27
 * §9): its owner receives a note instead of a code, so no code can complete the change and the answer tells
 * nobody which addresses have accounts. The route is rate limited per client (RATE_LIMIT_ACCOUNT_CHANGES).
 */
export async function updatePolicyholder(
  ctx: Ctx,
  input: UpdatePolicyholder,
): Promise<UpdatePolicyholderResult> {
  const partyId = requireParty(ctx.caller);
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
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
    if (Object.keys(changes).length === 0) return { status: 200, body: toPolicyholder(row, ctx.env) };

    const mobile = changes.phoneNumber ? parseAddress(changes.phoneNumber) : undefined;
    const identity = changes.email
      ? { setting: 'email' as const, address: { channel: 'email' as const, value: changes.email } }
      : mobile?.channel === 'sms'
        ? { setting: 'phoneNumber' as const, address: mobile }
        : undefined;
    if (changes.email && 'phoneNumber' in changes)
      throw validation({ phoneNumber: ['Change your e-mail address and phone number one at a time'] });
    const taken = identity ? await isTaken(tx, row, identity.setting, identity.address.value) : false;

    if (identity) {
      const purpose = changeCodePurpose(partyId, identity.setting);
      if (input.code === undefined) {
        const issued = await issueCode(
          tx as never,
          now,
          purpose,
          identity.address,
          undefined,
          ctx.env.SIGN_IN_CODES_PER_ADDRESS,
        );
        if (!issued.ok) throw tooManyCodes();
        const brand = ctx.brand.name;
        if (taken) await enqueue(tx as never, takenNote(brand, identity.address));
        else
          await enqueue(tx as never, {
            channel: identity.address.channel,
            recipient: identity.address.value,
            subject:
              identity.address.channel === 'email'
                ? `Your ${brand} code to confirm this e-mail: ${issued.code}`
                : undefined,
            body:
              identity.address.channel === 'sms'
                ? `${issued.code} is your ${brand} code to add this number to your account. It expires in 10 minutes. Never share it.`
                : `Your code to use this e-mail address for your ${brand} account is ${issued.code}.\n\nIt expires in 10 minutes. If you did not ask for it, you can ignore this e-mail: nothing changes without the code.\n`,
            payload: { kind: 'change-code', setting: identity.setting },
          });
        return {
          status: 202,
          body: {
            status: 'VERIFICATION_REQUIRED',
            setting: identity.setting,
            channel: identity.address.channel,
            destination: identity.address.value,
          },
        };
      }
      const checked = await consumeCode(tx as never, now, purpose, identity.address, input.code);
      if (!checked.ok) return { status: 'bad-code', reason: checked.reason };
      // The owner of a taken address was sent a note, not a code: no code can match it.
      if (taken) return { status: 'bad-code', reason: 'INVALID' };
    }

    if (row.issuer === EMBEDDED_ISSUER_KEY && row.subject && (changes.email || 'phoneNumber' in changes)) {
      const user: Partial<typeof identityUsers.$inferInsert> = {};
      if (changes.email) user.email = changes.email;
      // Only a proven mobile number signs in; a landline or a removal leaves no phone identity.
      if ('phoneNumber' in changes)
        user.phoneNumber = identity?.setting === 'phoneNumber' ? identity.address.value : null;
      await tx.update(identityUsers).set(user).where(eq(identityUsers.id, row.subject));
    }
    const [updated] = await tx
      .update(customers)
      .set({ ...changes, updatedAt: now })
      .where(eq(customers.partyId, partyId))
      .returning();
    if (identity) await tellOldAddress(ctx, tx, row, identity.setting);
    return { status: 200, body: toPolicyholder(updated ?? row, ctx.env) };
  });
  if (outcome.status === 'bad-code') throw codeError(outcome.reason);
  if (outcome.status === 202) await deliverSoon(ctx);
  return outcome;
}

/** What the owner of an address another account signs in with is told instead of a code. */
function takenNote(brand: string, address: { channel: 'email' | 'sms'; value: string }) {
  return address.channel === 'email'
    ? {
        channel: 'email' as const,
        recipient: address.value,
        subject: `Your e-mail address and ${brand}`,
        body: `Hello,\n\nSomeone asked to use this e-mail address for a ${brand} account, but it already signs in to another one, so nothing has changed. If it was you, sign in with this e-mail address instead.\n\nIf it wasn't you, you can ignore this e-mail.\n`,
        payload: { kind: 'identity-taken', setting: 'email' },
      }
    : {
        channel: 'sms' as const,
        recipient: address.value,
        body: `Someone asked to add this number to a ${brand} account, but it already signs in to another one, so nothing has changed.`,
        payload: { kind: 'identity-taken', setting: 'phoneNumber' },
      };
}

/** Whether another account already signs in with this e-mail or number. */
async function isTaken(
  tx: Db,
  row: CustomerRow,
  setting: 'email' | 'phoneNumber',
  value: string,
): Promise<boolean> {
  if (setting === 'email') {
    const [taken] = await tx
      .select({ partyId: customers.partyId })
      .from(customers)
      .where(and(sql`lower(${customers.email}) = ${value}`, ne(customers.partyId, row.partyId)));
    const [user] = await tx
      .select({ id: identityUsers.id })
      .from(identityUsers)
      .where(
        and(
          sql`lower(${identityUsers.email}) = ${value}`,
          row.subject ? ne(identityUsers.id, row.subject) : undefined,
        ),
      );
    return Boolean(taken || user);
  }
  const [user] = await tx
    .select({ id: identityUsers.id })
    .from(identityUsers)
    .where(
      and(eq(identityUsers.phoneNumber, value), row.subject ? ne(identityUsers.id, row.subject) : undefined),
    );
  return Boolean(user);
}

/** The address being replaced hears of the change, so a takeover cannot happen silently. */
async function tellOldAddress(ctx: Ctx, tx: Db, row: CustomerRow, setting: 'email' | 'phoneNumber') {
  const brand = ctx.brand.name;
  if (setting === 'email' && row.email) {
    await enqueue(tx, {
      channel: 'email',
      recipient: row.email,
      subject: `Your ${brand} e-mail address was changed`,
      body: `Hello,\n\nThe e-mail address of your ${brand} account was changed, and this address can no longer sign in. If you did not do this, contact us straight away.\n`,
      payload: { kind: 'identity-changed', setting },
    });
  }
  if (setting === 'phoneNumber') {
    const old = row.phoneNumber ? parseAddress(row.phoneNumber) : undefined;
    if (old?.channel === 'sms')
      await enqueue(tx, {
        channel: 'sms',
        recipient: old.value,
        body: `The phone number of your ${brand} account was changed. If you did not do this, contact us straight away.`,
        payload: { kind: 'identity-changed', setting },
      });
    if (row.email)
      await enqueue(tx, {
        channel: 'email',
        recipient: row.email,
        subject: `Your ${brand} phone number was changed`,
        body: `Hello,\n\nThe phone number of your ${brand} account was changed. If you did not do this, contact us straight away.\n`,
        payload: { kind: 'identity-changed', setting },
      });
  }
}
