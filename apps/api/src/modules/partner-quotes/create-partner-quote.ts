import { createHmac, randomUUID } from 'node:crypto';
import type { PartnerQuoteRequest, PartnerQuoteResponse } from '@forecourt/contracts/partner-quotes';
import type { RatingResult } from '@forecourt/domain/rating/types';
import { sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared.ts';
import { partnerQuotes } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { oncePer } from '../../lib/once-per.ts';
import { insertProposal, prepareRatedProposal, type RatedProposal } from '../proposals/index.ts';
import { newAnonymousParty } from '../session/index.ts';
import { hashOf, type PartnerKeyHolder } from './api-keys.ts';

/** A deep link opens the quote once, within a day (ADR 363). */
export const LINK_TTL_MS = 24 * 60 * 60_000;

/** The stored answer (kept for an idempotent repeat): everything but the link, which is derived again. */
type Stored = Omit<PartnerQuoteResponse, 'deepLink'> & { quoteId: string };

/**
 * The link token of a quote: an HMAC of its id under the app's secret. Derived, so an idempotent repeat gives
 * the same link without the token being stored anywhere; only its SHA-256 is kept, to find the quote.
 */
const linkKey = oncePer((secret: Uint8Array) => Buffer.from(secret));
export const linkTokenOf = (ctx: Pick<Ctx, 'signingSecret'>, quoteId: string) =>
  createHmac('sha256', linkKey(ctx.signingSecret))
    .update(`partner-quote-link:${quoteId}`)
    .digest('base64url');

/**
 * POST /api/partners/quotes (issue 31 part 2): a complete risk checked and rated by the proposals module's
 * own code (the web journey's rules and rating), written as a proposal of a new anonymous party with its
 * source, and answered with only what a comparison site needs. With an Idempotency-Key (scoped to the API
 * key), a repeat answers the same quote.
 */
export async function createPartnerQuote(
  ctx: Ctx,
  partner: PartnerKeyHolder,
  input: PartnerQuoteRequest,
  idempotencyKey: string | undefined,
  appOrigin: string,
): Promise<{ body: PartnerQuoteResponse; replayed: boolean }> {
  const { body, replayed } = await idempotent<Stored>(
    {
      db: ctx.db,
      clock: ctx.clock,
      key: idempotencyKey,
      partyId: partner.keyId,
      operation: 'partner-quote',
      request: input,
    },
    () => quote(ctx, partner, input),
  );
  const { quoteId, ...answer } = body;
  const deepLink =
    answer.deepLinkExpiresAt === null ? null : `${appOrigin}/quote-link#${linkTokenOf(ctx, quoteId)}`;
  return { body: { ...answer, deepLink }, replayed };
}

/** The partner quote's row, by a statement prepared once per database handle (ADR 270). */
const insertPartnerQuote = (ctx: Pick<Ctx, 'db'>) =>
  prepared(ctx.db, 'partner_quote_insert', (db) =>
    db
      .insert(partnerQuotes)
      .values({
        id: sql.placeholder('id'),
        apiKeyId: sql.placeholder('apiKeyId'),
        brand: sql.placeholder('brand'),
        partner: sql.placeholder('partner'),
        campaign: sql`${sql.placeholder('campaign')}::text`,
        proposalCode: sql.placeholder('proposalCode'),
        linkTokenHash: sql.placeholder('linkTokenHash'),
        linkExpiresAt: sql`${sql.placeholder('linkExpiresAt')}::timestamptz`,
        createdAt: sql`${sql.placeholder('createdAt')}::timestamptz`,
      })
      .prepare('partner_quote_insert'),
  );

async function quote(ctx: Ctx, partner: PartnerKeyHolder, input: PartnerQuoteRequest): Promise<Stored> {
  // Checked and rated before any write: a risk that cannot be rated is a 400 and nothing is written.
  const proposal = await prepareRatedProposal(ctx, {
    schemeCode: input.schemeCode,
    data: input.data,
    promoCode: input.promoCode,
    source: `partner:${partner.partner}`.slice(0, 100),
  });
  const rated = proposal.rated as RatedProposal;
  const quoteId = randomUUID();
  const now = ctx.clock.now();
  const linkExpiresAt = new Date(Math.min(now.getTime() + LINK_TTL_MS, rated.quoteExpiresAt.getTime()));
  // Three writes, in an order where each is harmless alone, rather than a transaction (its BEGIN and COMMIT
  // cost a fifth of a quote's CPU on PGlite, ADR 363): a party no token names, then its proposal nobody can open,
  // then the partner quote that makes it reachable (the link) and counted (the source). A request that fails
  // half-way leaves only unreachable rows, and the partner's retry makes a new quote.
  const partyId = await newAnonymousParty(ctx.db);
  const row = await insertProposal(ctx, ctx.db, partyId, proposal);
  await insertPartnerQuote(ctx).execute({
    id: quoteId,
    apiKeyId: partner.keyId,
    brand: ctx.brand.id,
    partner: partner.partner,
    campaign: input.campaign || null,
    proposalCode: row.proposalCode,
    linkTokenHash: hashOf(linkTokenOf(ctx, quoteId)),
    linkExpiresAt: linkExpiresAt.toISOString(),
    createdAt: now.toISOString(),
  });
  const result = rated.quote as unknown as RatingResult;
  const status = rated.status === 'QUOTE' ? 'quoted' : rated.status === 'REFERRAL' ? 'referred' : 'declined';
  const totals = status === 'declined' ? null : result.totals;
  const excesses = result.excessLines.map((l) => ({ kind: l.kind, total: l.total }));
  return {
    quoteId,
    quoteReference: row.externalReference,
    status,
    reasons:
      status === 'declined'
        ? [
            {
              code: 'VEHICLE_NOT_IDENTIFIED',
              message: 'The car could not be identified, so it cannot be priced',
            },
          ]
        : result.referralReasons.map((r) => ({ code: r.code, message: r.message })),
    currency: 'GBP',
    annualPrice: totals?.discountedPrice ?? null,
    monthlyPrice: totals?.monthly?.regular ?? null,
    excess: excesses.length > 0 ? Math.max(...excesses.map((e) => e.total)) : null,
    excesses,
    expiresAt: rated.quoteExpiresAt.toISOString(),
    // Only a price on offer can be bought: a referral or decline has no link.
    deepLinkExpiresAt: status === 'quoted' ? linkExpiresAt.toISOString() : null,
  };
}
