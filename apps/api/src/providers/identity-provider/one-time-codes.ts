import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { SIGN_IN_CODES_PER_ADDRESS_DEFAULT } from '../../config/env.ts';
import type { Db } from '../../db/connection.ts';
import { identityUsers, loginCodes } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';
import { enqueue } from '../../lib/outbox.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS_PER_CODE = 5;
export const MAX_SENDS_PER_ADDRESS = SIGN_IN_CODES_PER_ADDRESS_DEFAULT;
export const SEND_WINDOW_MS = 15 * 60 * 1000;
/** Codes one client address may ask for per hour, whatever the recipients (stops SMS pumping). */
export const MAX_SENDS_PER_CLIENT = 20;
export const CLIENT_WINDOW_MS = 60 * 60 * 1000;

export type Address = { channel: 'email' | 'sms'; value: string };

const EMAIL = /^[^<>()!#~`$^*?/|[\]\\,;:\s@]+@(?:\[?\d{1,3}(?:\.\d{1,3}){3}\]?|(?:[a-z0-9-]+\.)+[a-z]{2,})$/i;

/** An e-mail address (lower-cased) or a UK mobile number (as +447...), else undefined. */
export function parseAddress(raw: string): Address | undefined {
  const value = raw.trim();
  if (EMAIL.test(value)) return { channel: 'email', value: value.toLowerCase() };
  const digits = value.replace(/[\s()-]/g, '');
  const mobile = /^(?:\+44|0044|0)(7\d{9})$/.exec(digits);
  if (mobile) return { channel: 'sms', value: `+44${mobile[1]}` };
  return undefined;
}

const hash = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

export type SendResult = { ok: true } | { ok: false; reason: 'RATE_LIMITED' };
export type IssueResult = { ok: true; code: string } | { ok: false; reason: 'RATE_LIMITED' };

/**
 * Makes a 6-digit code for `uid` (a sign-in interaction, or a purpose such as `account:<party>`) and
 * `address`, within the per-address (`perAddress` per SEND_WINDOW_MS) and per-client limits; only its hash is
 * stored. The caller sends it, in the same transaction `tx`.
 */
export async function issueCode(
  tx: Db,
  now: Date,
  uid: string,
  address: Address,
  client?: string,
  perAddress = MAX_SENDS_PER_ADDRESS,
): Promise<IssueResult> {
  const [recent] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.address, address.value),
        gt(loginCodes.createdAt, new Date(now.getTime() - SEND_WINDOW_MS)),
      ),
    );
  if ((recent?.n ?? 0) >= perAddress) return { ok: false, reason: 'RATE_LIMITED' };
  if (client) {
    const [fromClient] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(loginCodes)
      .where(
        and(
          eq(loginCodes.requestedBy, client),
          gt(loginCodes.createdAt, new Date(now.getTime() - CLIENT_WINDOW_MS)),
        ),
      );
    if ((fromClient?.n ?? 0) >= MAX_SENDS_PER_CLIENT) return { ok: false, reason: 'RATE_LIMITED' };
  }
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.insert(loginCodes).values({
    id,
    interactionUid: uid,
    address: address.value,
    channel: address.channel,
    codeHash: hash(id, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    requestedBy: client ?? null,
    createdAt: now,
  });
  return { ok: true, code };
}

/** Issues a 6-digit code for this sign-in interaction and sends it through the outbox. */
export async function sendCode(
  services: AppServices,
  uid: string,
  address: Address,
  client?: string,
): Promise<SendResult> {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const perAddress = services.env.SIGN_IN_CODES_PER_ADDRESS;
    const issued = await issueCode(tx as never, now, uid, address, client, perAddress);
    if (!issued.ok) return issued;
    const { code } = issued;
    const brand = services.brand.name;
    const body =
      address.channel === 'sms'
        ? `${code} is your ${brand} sign-in code. It expires in 10 minutes. Never share it.`
        : `Your ${brand} sign-in code is ${code}.\n\nIt expires in 10 minutes. If you did not try to sign in, you can ignore this e-mail.`;
    await enqueue(tx, {
      channel: address.channel,
      recipient: address.value,
      subject: address.channel === 'email' ? `Your ${brand} sign-in code: ${code}` : undefined,
      body,
      payload: { kind: 'sign-in-code' },
    });
    return { ok: true } as const;
  });
}

export type CodeCheck = { ok: true } | { ok: false; reason: 'INVALID' | 'EXPIRED' | 'TOO_MANY_ATTEMPTS' };

/**
 * Checks the latest unused code for `uid` and `address`, in `tx`. Each wrong guess counts; after
 * MAX_ATTEMPTS_PER_CODE the code is dead and a new one must be requested (itself limited per address).
 * A right code is consumed: it works once.
 */
export async function consumeCode(
  tx: Db,
  now: Date,
  uid: string,
  address: Address,
  code: string,
): Promise<CodeCheck> {
  const [row] = await tx
    .select()
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.interactionUid, uid),
        eq(loginCodes.address, address.value),
        isNull(loginCodes.consumedAt),
      ),
    )
    .orderBy(desc(loginCodes.createdAt))
    .limit(1)
    .for('update');
  if (!row) return { ok: false, reason: 'INVALID' };
  if (row.attempts >= MAX_ATTEMPTS_PER_CODE) return { ok: false, reason: 'TOO_MANY_ATTEMPTS' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'EXPIRED' };
  const given = Buffer.from(hash(row.id, code.trim()));
  if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
    await tx
      .update(loginCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(loginCodes.id, row.id));
    return { ok: false, reason: row.attempts + 1 >= MAX_ATTEMPTS_PER_CODE ? 'TOO_MANY_ATTEMPTS' : 'INVALID' };
  }
  await tx.update(loginCodes).set({ consumedAt: now }).where(eq(loginCodes.id, row.id));
  return { ok: true };
}

export type VerifyResult =
  | { ok: true; userId: string }
  | { ok: false; reason: 'INVALID' | 'EXPIRED' | 'TOO_MANY_ATTEMPTS' };

/** A right sign-in code signs in the user with that address, creating a customer user on first sign-in. */
export async function verifyCode(
  services: AppServices,
  uid: string,
  address: Address,
  code: string,
): Promise<VerifyResult> {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const checked = await consumeCode(tx as never, now, uid, address, code);
    if (!checked.ok) return checked;
    const column = address.channel === 'email' ? identityUsers.email : identityUsers.phoneNumber;
    const match =
      address.channel === 'email'
        ? sql`lower(${identityUsers.email}) = ${address.value}`
        : eq(column, address.value);
    const [user] = await tx.select({ id: identityUsers.id }).from(identityUsers).where(match).limit(1);
    if (user) return { ok: true, userId: user.id } as const;
    const id = randomUUID();
    await tx.insert(identityUsers).values({
      id,
      kind: 'customer',
      email: address.channel === 'email' ? address.value : null,
      phoneNumber: address.channel === 'sms' ? address.value : null,
    });
    return { ok: true, userId: id } as const;
  });
}
