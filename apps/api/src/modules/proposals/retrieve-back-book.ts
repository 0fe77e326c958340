import type { SessionResponse } from '@forecourt/contracts';
import type { BackBookRequest } from '@forecourt/contracts/proposals';
import { normalisePostcode } from '@forecourt/domain/patterns';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { and, eq, gte, sql } from 'drizzle-orm';
import { parties, proposals, retrievalAttempts } from '../../db/schema/index.ts';
import { signAnonymousToken } from '../../lib/auth.ts';
import type { AppServices } from '../../lib/context.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';

export const RETRIEVE_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_REFERENCE = 5;
export const MAX_FAILURES_PER_CLIENT = 10;

const WRONG_DETAILS = 'We could not find a quote with those details';

/**
 * POST /api/session/back-book: a visitor retrieves a saved quote by reference, date of birth and
 * postcode, and gets an anonymous session for the quote's party. Every wrong detail gets the same 401;
 * too many failures for a reference or from a client in 15 minutes get 429 before any check.
 * A quote that belongs to a customer account needs sign-in instead (403).
 */
export async function retrieveBackBook(
  services: AppServices,
  input: BackBookRequest,
  clientIp: string,
): Promise<SessionResponse> {
  const { db } = services;
  const now = services.clock.now();
  const reference = input.externalReference.trim().toUpperCase();
  const since = new Date(now.getTime() - RETRIEVE_WINDOW_MINUTES * 60_000);
  const failures = async (by: 'externalReference' | 'clientIp', value: string) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(retrievalAttempts)
      .where(
        and(
          eq(retrievalAttempts[by], value),
          eq(retrievalAttempts.succeeded, false),
          gte(retrievalAttempts.createdAt, since),
        ),
      );
    return row?.n ?? 0;
  };
  if (
    (await failures('externalReference', reference)) >= MAX_FAILURES_PER_REFERENCE ||
    (await failures('clientIp', clientIp)) >= MAX_FAILURES_PER_CLIENT
  )
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait 15 minutes and try again.');

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
  if (!matches || !found) throw unauthorized(WRONG_DETAILS);
  if (found.partyKind !== 'anonymous' || found.proposal.status === 'POLICY')
    throw new AppError('FORBIDDEN', 'This quote is saved to an account. Please sign in to see it.');
  return signAnonymousToken(services, found.proposal.partyId);
}
