import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { loginCodes } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';

const TICKET_ISSUER = 'forecourt:sign-in-ticket';
const TICKET_AUDIENCE = 'forecourt:auth';
export const TICKET_TTL_SECONDS = 120;
/** How a ticket travels as the authorization request's `login_hint`. */
export const TICKET_HINT_PREFIX = 'ticket:';

/**
 * A sign-in ticket: after a visitor proved an e-mail with a one-time code (account set-up), the embedded
 * issuer signs them in once without a second code. HS256 with the app's secret, 2 minutes, one use.
 */
export async function signInTicket(services: AppServices, userId: string): Promise<string> {
  const now = Math.floor(services.clock.now().getTime() / 1000);
  return new SignJWT({ kind: 'sign-in-ticket' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(TICKET_ISSUER)
    .setAudience(TICKET_AUDIENCE)
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + TICKET_TTL_SECONDS)
    .sign(services.signingSecret);
}

/** The user a ticket signs in, once: a second use (or a bad, expired ticket) gives undefined. */
export async function redeemSignInTicket(services: AppServices, ticket: string): Promise<string | undefined> {
  let sub: string | undefined;
  let jti: string | undefined;
  try {
    const { payload } = await jwtVerify(ticket, services.signingSecret, {
      issuer: TICKET_ISSUER,
      audience: TICKET_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: services.clock.now(),
    });
    sub = typeof payload.sub === 'string' ? payload.sub : undefined;
    jti = typeof payload.jti === 'string' ? payload.jti : undefined;
  } catch {
    return undefined;
  }
  if (!sub || !jti || !/^[0-9a-f-]{36}$/.test(jti)) return undefined;
  const now = services.clock.now();
  // The ticket's id is recorded as a consumed code row: a second redemption conflicts and fails.
  const used = await services.db
    .insert(loginCodes)
    .values({
      id: jti,
      interactionUid: 'sign-in-ticket',
      address: sub,
      channel: 'email',
      codeHash: '-',
      attempts: 0,
      expiresAt: new Date(now.getTime() + TICKET_TTL_SECONDS * 1000),
      consumedAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: loginCodes.id });
  return used.length === 1 ? sub : undefined;
}
