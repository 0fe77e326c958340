import type { CreateProposalRequest, Proposal } from '@forecourt/contracts/proposals';
import { validateProposal } from '@forecourt/domain/risk/validate';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { jsonText } from '../../db/json-text.ts';
import { prepared } from '../../db/prepared.ts';
import { proposals } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { findScheme } from '../rating/index.ts';
import { takeVehicleFromLookup } from './answer-changes.ts';
import { brandRuleErrors } from './brand-questions.ts';
import { toProposal } from './proposal-view.ts';
import { type RatedProposal, rateProposal, validateForRating } from './rate-proposal.ts';
import { newExternalReference, newProposalCode } from './references.ts';

type NewProposalInput = Pick<
  CreateProposalRequest,
  'schemeCode' | 'brand' | 'data' | 'externalReference' | 'source' | 'promoCode'
>;

/**
 * The answers of a new proposal as the server takes them: the scheme and brand checked, the answers read by the
 * domain's rules (`read`: the reading of answers so far; a caller about to rate reads them completely itself),
 * and the car's catalogue facts from the vehicle lookup, never from the client (ADR 347).
 */
async function checkNewProposal(ctx: Ctx, input: NewProposalInput, read: boolean) {
  const scheme = findScheme(ctx.brand, input.schemeCode);
  if (!scheme) throw validation({ schemeCode: ['validation.unknownScheme'] }, 'Unknown scheme');
  if (input.brand && input.brand !== ctx.brand.id)
    throw validation({ brand: ['validation.unknownBrand'] }, 'This proposal belongs to another brand');
  let data = (input.data ?? {}) as { asset: Record<string, unknown> };
  if (read) {
    const checked = validateProposal(data, {
      now: ctx.clock.now(),
      forRating: false,
      maxAdditionalProfiles: ctx.brand.productConfig.maxAdditionalProfiles,
    });
    if (!checked.success) throw validation(checked.errors);
    data = checked.data as typeof data;
  }
  await takeVehicleFromLookup(ctx, undefined, data, 'proposal (new)');
  return { scheme, data: data as Record<string, unknown> };
}

/** A new proposal, checked (and rated when asked) but not yet written. */
export interface NewProposal {
  schemeCode: string;
  product: string;
  data: Record<string, unknown>;
  promoCode: string | null;
  source: string | null;
  externalReference: string | undefined;
  rated: RatedProposal | undefined;
}

/** The columns of a new proposal, as the driver's text (JSON, ISO times), for the prepared insert. */
const newRowValues = (ctx: Pick<Ctx, 'brand' | 'clock'>, partyId: string, p: NewProposal, given?: string) => {
  const now = ctx.clock.now().toISOString();
  return {
    proposalCode: newProposalCode(),
    partyId,
    externalReference: given ?? newExternalReference(),
    brand: ctx.brand.id,
    schemeCode: p.schemeCode,
    product: p.product,
    status: p.rated?.status ?? 'QUOTE',
    source: p.source,
    promoCode: p.promoCode,
    data: jsonText(p.data),
    quote: p.rated ? jsonText(p.rated.quote) : null,
    startAt: p.rated?.startAt.toISOString() ?? null,
    endAt: p.rated?.endAt.toISOString() ?? null,
    quoteExpiresAt: p.rated?.quoteExpiresAt.toISOString() ?? null,
    createdAt: now,
  };
};

/**
 * The insert, prepared once per database handle (ADR 270): every column a new proposal sets; a reference (or
 * code) already taken writes nothing (no error that would abort the caller's transaction).
 */
const insertNew = (d: Db) =>
  d
    .insert(proposals)
    .values({
      proposalCode: sql.placeholder('proposalCode'),
      partyId: sql.placeholder('partyId'),
      externalReference: sql.placeholder('externalReference'),
      brand: sql.placeholder('brand'),
      schemeCode: sql.placeholder('schemeCode'),
      product: sql.placeholder('product'),
      status: sql`${sql.placeholder('status')}::text`,
      source: sql`${sql.placeholder('source')}::text`,
      promoCode: sql`${sql.placeholder('promoCode')}::text`,
      data: sql`${sql.placeholder('data')}::json`,
      quote: sql`${sql.placeholder('quote')}::json`,
      startAt: sql`${sql.placeholder('startAt')}::timestamptz`,
      endAt: sql`${sql.placeholder('endAt')}::timestamptz`,
      quoteExpiresAt: sql`${sql.placeholder('quoteExpiresAt')}::timestamptz`,
      createdAt: sql`${sql.placeholder('createdAt')}::timestamptz`,
      updatedAt: sql`${sql.placeholder('createdAt')}::timestamptz`,
    })
    .onConflictDoNothing();

/** The whole row written (the web's create answers it). */
const insertAnsweringRow = (db: Db) =>
  prepared(db, 'proposal_insert_row', (d) => insertNew(d).returning().prepare('proposal_insert_row'));

/**
 * Only what a caller that has the answers and the quote already needs of the row (the partner quote API): a
 * 6 KB row of JSON is not sent back and parsed again on every quote (issue 31 part 2).
 */
const insertAnsweringKeys = (db: Db) =>
  prepared(db, 'proposal_insert_keys', (d) =>
    insertNew(d)
      .returning({ proposalCode: proposals.proposalCode, externalReference: proposals.externalReference })
      .prepare('proposal_insert_keys'),
  );

/**
 * Writes a checked proposal for `partyId` (on `db`, which may be a transaction). A partner may choose its
 * `externalReference`; one that is already taken is not an error (a 409 would tell anyone which references
 * existed): the proposal gets a reference of our own instead, leaving the other proposal untouched (ADR 122).
 */
export function insertProposal(
  ctx: Pick<Ctx, 'brand' | 'clock'>,
  db: Db,
  partyId: string,
  p: NewProposal,
): Promise<{ proposalCode: string; externalReference: string }> {
  return withFreeReference(p, (given) =>
    insertAnsweringKeys(db).execute(newRowValues(ctx, partyId, p, given)),
  );
}

/** Tries the insert until it writes: with the given reference first, then with references of our own. */
async function withFreeReference<T>(p: NewProposal, insert: (given: string | undefined) => Promise<T[]>) {
  let given = p.externalReference?.toUpperCase();
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await insert(given);
    if (row) return row;
    given = undefined;
  }
  throw new AppError('UNAVAILABLE', 'Could not allocate a quote reference; please try again');
}

const promoOf = (promoCode: string | undefined) => promoCode?.trim().toUpperCase() || null;

/** POST /api/proposals: a new proposal for one of the brand's schemes, owned by the caller's party. */
export async function createProposal(ctx: Ctx, input: CreateProposalRequest): Promise<Proposal> {
  const partyId = requireParty(ctx.caller);
  const { scheme, data } = await checkNewProposal(ctx, input, true);
  const p: NewProposal = {
    schemeCode: scheme.schemeCode,
    product: scheme.product,
    data,
    promoCode: promoOf(input.promoCode),
    source: input.source ?? null,
    externalReference: input.externalReference,
    rated: undefined,
  };
  const row = await withFreeReference(p, (given) =>
    insertAnsweringRow(ctx.db).execute(newRowValues(ctx, partyId, p, given)),
  );
  return toProposal(row, row.createdAt, ctx.brand);
}

/**
 * A complete proposal checked and rated in one step, by the same rules as the web journey's create and its
 * rating PATCH (one rule, one place; issue 31 part 2): the scheme, the car from the vehicle lookup, the brand's
 * configured input rules on every answer, the domain's complete reading for rating, then `rateProposal`.
 * Nothing is written: `insertProposal` writes it. Answers that cannot be rated are a 400. `input.data` must be
 * the contract's parse of the body (`partialProposalDataSchema`), as a route gives it.
 */
export async function prepareRatedProposal(ctx: Ctx, input: NewProposalInput): Promise<NewProposal> {
  // The answers as the contract parsed them (the same partial schema the reading of answers so far uses); the
  // complete reading below holds every rule of that reading, so it is not run twice (issue 31 part 2).
  const { scheme, data } = await checkNewProposal(ctx, input, false);
  const now = ctx.clock.now();
  const promoCode = promoOf(input.promoCode);
  const rateInput = {
    data,
    promoCode,
    product: scheme.product,
    schemeCode: scheme.schemeCode,
    brand: ctx.brand,
  };
  const complete = validateForRating(rateInput, now);
  const errors = {
    ...brandRuleErrors(ctx.brand, data as never, now),
    ...(complete.success ? {} : complete.errors),
  };
  if (Object.keys(errors).length > 0)
    throw validation(errors, 'Some answers need attention before we can quote');
  const rated = rateProposal(rateInput, { validityDays: ctx.env.QUOTE_VALIDITY_DAYS }, now, complete.data);
  return {
    schemeCode: scheme.schemeCode,
    product: scheme.product,
    data,
    promoCode,
    source: input.source ?? null,
    externalReference: input.externalReference,
    rated,
  };
}
