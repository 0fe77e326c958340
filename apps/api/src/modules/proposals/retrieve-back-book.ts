import type { SessionResponse } from '@forecourt/contracts';
import type { BackBookRequest } from '@forecourt/contracts/proposals';
import { formatLondon } from '@forecourt/domain/dates';
import { normalisePostcode } from '@forecourt/domain/patterns';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { and, asc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { parties, proposals, retrievalAttempts } from '../../db/schema/index.ts';
import { signAnonymousToken } from '../../lib/auth.ts';
import type { AppServices } from '../../lib/context.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';

export const RETRIEVE_WINDOW_MINUTES = 15;
/** Failures one client may make on one reference: someone else's guesses never lock the owner out. */
export const MAX_FAILURES_PER_REFERENCE = 5;
export const MAX_FAILURES_PER_CLIENT = 10;

const WRONG_DETAILS = 'We could not find a quote with those details';

/** Too many failures: when the client may try again (429, with Retry-After and `retryAt`). */
export class RetrieveLockedError extends AppError {
  readonly retryAt: Date;
  constructor(retryAt: Date) {
    super(
      'RATE_LIMITED',
      `Too many attempts. You can try again at ${formatLondon(retryAt, 'HH:mm')} (UK time).`,
      { details: { retryAt: retryAt.toISOString() } },
    );
    this.retryAt = retryAt;
  }
}

/**
 * POST /api/session/back-book: a visitor retrieves a saved quote by reference, date of birth and
 * postcode, and gets an anonymous session for the quote's party. Every wrong detail gets the same 401.
 * Failures are limited per client and reference (5 in 15 minutes) and per client (10 in 15 minutes), never
 * per reference alone, so nobody can lock a quote's owner out from the owner's own device; a locked client
 * gets 429 before any check, saying when it may try again (ADR 148).
 * A quote that belongs to a customer account needs sign-in instead (403).
 */
export async function retrieveBackBook(
  services: AppServices,
  input: BackBookRequest,
  clientIp: string,
): Promise<SessionResponse> {
  const now = services.clock.now();
  const reference = input.externalReference.trim().toUpperCase();
  const windowMs = RETRIEVE_WINDOW_MINUTES * 60_000;
  const since = new Date(now.getTime() - windowMs);
  // One client's attempts are checked and counted one at a time (a transaction-scoped advisory lock on the
  // client): attempts that arrive together cannot all read "below the limit" and all count (ADR 182).
  const { matches, found } = await services.db.transaction(async (db) => {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`retrieve:${clientIp}`}))`);
    /** When the failures matching `where` fall below `max` again, or null when they are below it now. */
    const lockedUntil = async (where: SQL | undefined, max: number): Promise<Date | null> => {
      const rows = await db
        .select({ at: retrievalAttempts.createdAt })
        .from(retrievalAttempts)
        .where(and(where, eq(retrievalAttempts.succeeded, false), gte(retrievalAttempts.createdAt, since)))
        .orderBy(asc(retrievalAttempts.createdAt));
      if (rows.length < max) return null;
      const oldestThatCounts = rows[rows.length - max]?.at as Date;
      return new Date(new Date(oldestThatCounts).getTime() + windowMs);
    };
    const locks = [
      await lockedUntil(
        and(eq(retrievalAttempts.externalReference, reference), eq(retrievalAttempts.clientIp, clientIp)),
        MAX_FAILURES_PER_REFERENCE,
      ),
      await lockedUntil(eq(retrievalAttempts.clientIp, clientIp), MAX_FAILURES_PER_CLIENT),
    ].filter((d): d is Date => d !== null);
    if (locks.length > 0) throw new RetrieveLockedError(new Date(Math.max(...locks.map((d) => d.getTime()))));

    const [found] = await db
      .select({ proposal: proposals, partyKind: parties.kind })
      .from(proposals)
      .innerJoin(parties, eq(parties.id, proposals.partyId))
      .where(eq(proposals.externalReference, reference));
    const data = found?.proposal.data as
      | {
          profiles?: {
            policyholder?: boolean;
            data?: { dateOfBirth?: string; address?: { postalCode?: string } };
          }[];
        }
      | undefined;
    const holder = policyholderOf(data);
    const matches =
      found !== undefined &&
      (!input.brand || input.brand === found.proposal.brand) &&
      found.proposal.brand === services.brand.id &&
      holder?.dateOfBirth === input.dateOfBirth &&
      !!holder?.address?.postalCode &&
      normalisePostcode(holder.address.postalCode) === normalisePostcode(input.postalCode);
    await db
      .insert(retrievalAttempts)
      .values({ externalReference: reference, clientIp, succeeded: matches, createdAt: now });
    return { matches, found };
  });
  if (!matches || !found) throw unauthorized(WRONG_DETAILS);
  if (found.partyKind !== 'anonymous' || found.proposal.status === 'POLICY')
    throw new AppError('FORBIDDEN', 'This quote is saved to an account. Please sign in to see it.');
  return signAnonymousToken(services, found.proposal.partyId);
}
