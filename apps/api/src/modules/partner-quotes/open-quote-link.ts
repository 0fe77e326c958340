import type { PartnerLinkResponse } from '@forecourt/contracts/partner-quotes';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { partnerQuotes } from '../../db/schema/index.ts';
import { partyKind, signAnonymousToken } from '../../lib/auth.ts';
import type { AppServices } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { proposalByCode } from '../proposals/index.ts';
import { hashOf } from './api-keys.ts';

const GONE =
  'This quote link has already been used or has expired. Please ask the comparison site for a new quote.';

/**
 * POST /api/session/partner-quote: a deep link's token, exchanged once for the usual anonymous quote session
 * of the quote's party (as a retrieved quote is), so that the web app opens the quote at the price step. The
 * link is spent by one UPDATE (of two at once, one wins); a used, expired or unknown link is 410, the same
 * answer for each, so nobody learns which tokens exist.
 */
export async function openQuoteLink(services: AppServices, token: string): Promise<PartnerLinkResponse> {
  const now = services.clock.now();
  const [spent] = await services.db
    .update(partnerQuotes)
    .set({ linkUsedAt: now })
    .where(
      and(
        eq(partnerQuotes.linkTokenHash, hashOf(token)),
        eq(partnerQuotes.brand, services.brand.id),
        isNull(partnerQuotes.linkUsedAt),
        gt(partnerQuotes.linkExpiresAt, now),
      ),
    )
    .returning({ proposalCode: partnerQuotes.proposalCode });
  if (!spent) throw new AppError('GONE', GONE);
  const proposal = await proposalByCode(services.db, spent.proposalCode);
  // Bought since, or saved to an account: the link no longer opens it.
  if (
    !proposal ||
    proposal.status === 'POLICY' ||
    (await partyKind(services, proposal.partyId)) !== 'anonymous'
  )
    throw new AppError('GONE', GONE);
  return {
    ...(await signAnonymousToken(services, proposal.partyId)),
    proposalCode: proposal.proposalCode,
    schemeCode: proposal.schemeCode,
  };
}
