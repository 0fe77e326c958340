import type { Proposal, UpdateProposalRequest } from '@forecourt/contracts/proposals';
import { validateProposal } from '@forecourt/domain/risk/validate';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { jsonText } from '../../db/json-text.ts';
import { prepared } from '../../db/prepared.ts';
import { type ProposalRow, parties, proposals } from '../../db/schema/index.ts';
import { confirmParty, partyConfirmed, partyKindToAsk } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound, validation } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { applyAnswerChanges } from './answer-changes.ts';
import { brandRuleErrors } from './brand-questions.ts';
import { effectiveStatus, toProposal } from './proposal-view.ts';
import { findOwnedProposal } from './queries.ts';
import { quoteColumns, rateProposal, validateForRating } from './rate-proposal.ts';

/** Whether `inner` is `outer` itself or a path inside it (`a.b` is inside `a`; `ab` is not). */
const within = (inner: string, outer: string) =>
  inner.startsWith(outer) && (inner.length === outer.length || inner.charCodeAt(outer.length) === 46);

const touches = (key: string, touched: string[]) => touched.some((t) => within(key, t) || within(t, key));

/**
 * PATCH /api/proposals/{code}: applies the changes atomically (one bad change → 400, nothing written).
 * applyRating true rates (answers that cannot be rated → 400, nothing written); false does not rate; left
 * out, a proposal holding a quote is re-rated so a cover or excess change shows its price at once. Changed
 * answers that were not re-rated (false, or not ratable yet, e.g. a driver just added) withdraw the old
 * quote, so a price never disagrees with the answers. A new start date re-rates an expired quote.
 */
export async function updateProposal(
  ctx: Ctx,
  proposalCode: string,
  input: UpdateProposalRequest,
): Promise<Proposal> {
  // The caller's party (owned: 401/403 before any query); the read below is scoped to it by a placeholder. An
  // anonymous caller's party may not be confirmed yet (the route's `partyCheckedInQuery`, ADR 372): the read
  // asks whether it is still anonymous, and finding nothing asks again, to tell a 401 from a 404.
  const scope = owned(ctx, { partyCheckedInQuery: true });
  // Optimistic first: read, work out the change without holding a connection or a lock, then write only if
  // the row is still the one read (its xmin: any write to it, by any use case, changes it). Two statements
  // instead of a transaction of four, and the rating runs outside it (issue 15). A row changed meanwhile is
  // read again; under steady contention the locking path below takes over.
  // A PATCH that rates replaces the stored quote whatever it was: it is not read (a 4 KB JSON value to fetch
  // and parse, issue 29), and the answers just parsed are changed in place rather than copied.
  const rates = input.applyRating === true;
  for (let attempt = 0; attempt < 3; attempt++) {
    const values = { ...scope.values({ proposalCode }), partyKind: partyKindToAsk(ctx.caller) };
    const [found] = rates
      ? await readWithoutQuote(ctx, scope, values)
      : await prepared(ctx.db, 'proposal_with_xmin', (db) =>
          db
            .select({ ...getTableColumns(proposals), xmin: sql<string>`xmin::text` })
            .from(proposals)
            .where(scope.preparedWhere(proposals, byCode, partyStillOfKind))
            .prepare('proposal_with_xmin'),
        ).execute(values);
    if (!found) {
      await confirmParty(ctx, ctx.caller);
      throw notFound('Proposal not found');
    }
    // Found with the party still anonymous: confirmed, as the auth hook would have (the write need not ask).
    partyConfirmed(ctx.caller);
    const { xmin, ...row } = found;
    const { changes, now } = await changesOf(ctx, row, input, rates);
    const next = { ...row, ...changes };
    const written = await writeIfUnchanged(ctx, {
      proposalCode: row.proposalCode,
      xmin,
      data: jsonText(next.data),
      updatedAt: now.toISOString(),
      status: next.status,
      quote: next.quote === null ? null : jsonText(next.quote),
      startAt: next.startAt?.toISOString() ?? null,
      endAt: next.endAt?.toISOString() ?? null,
      quoteExpiresAt: next.quoteExpiresAt?.toISOString() ?? null,
    });
    if (written[0]) return toProposal({ ...next, version: written[0].version }, now, ctx.brand);
  }
  // Only reached after a row was found, which confirmed the caller: kept so the locking path never depends on it.
  await confirmParty(ctx, ctx.caller);
  return ctx.db.transaction(async (tx) => {
    const row = await findOwnedProposal(tx, scope, proposalCode, { forUpdate: true });
    const { changes, now } = await changesOf(ctx, row, input);
    await tx
      .update(proposals)
      .set({ ...changes, version: sql`${proposals.version} + 1` })
      .where(eq(proposals.proposalCode, row.proposalCode));
    // The row is locked: the answer is built from it and the changes, not read back.
    return toProposal({ ...row, ...changes, version: row.version + 1 }, now, ctx.brand);
  });
}

/**
 * The row with its xmin but without its stored quote, for a PATCH that rates (its quote is replaced). `quote`
 * reads null: `changesOf` does not look at it when applyRating is true (it rates, and the rating's quote is
 * the one written and answered).
 */
async function readWithoutQuote(
  ctx: Ctx,
  scope: ReturnType<typeof owned>,
  values: { proposalCode: string; partyId: string; partyKind: 'anonymous' | null },
) {
  const { quote: _, ...columns } = getTableColumns(proposals);
  const rows = await prepared(ctx.db, 'proposal_with_xmin_no_quote', (db) =>
    db
      .select({ ...columns, xmin: sql<string>`xmin::text` })
      .from(proposals)
      .where(scope.preparedWhere(proposals, byCode, partyStillOfKind))
      .prepare('proposal_with_xmin_no_quote'),
  ).execute(values);
  return rows.map((r) => ({ ...r, quote: null }));
}

const byCode = eq(proposals.proposalCode, sql.placeholder('proposalCode'));

/**
 * With the party scope (`preparedWhere`), the PATCH's reads find the row only while the caller's party is still
 * of the kind `partyKind` names, when it names one (`partyKindToAsk`): the takeover check of an anonymous token
 * (ADR 120) asked in the read rather than in a statement of its own before it (ADR 372).
 */
const partyStillOfKind = sql`(${sql.placeholder('partyKind')}::text IS NULL OR EXISTS (SELECT 1 FROM ${parties} WHERE ${parties.id} = ${proposals.partyId} AND ${parties.kind} = ${sql.placeholder('partyKind')}::text))`;

/**
 * The optimistic write: every column a PATCH may change, set from the row as changed, only if the row is still
 * the one read (its xmin). Prepared once (ADR 270): Drizzle building this update took about 0.2 ms of each
 * PATCH (issue 15). The values arrive as the driver's text (JSON, ISO times), so a null stays SQL NULL.
 */
const writeIfUnchanged = (
  ctx: Ctx,
  values: {
    proposalCode: string;
    xmin: string;
    data: string;
    updatedAt: string;
    status: string;
    quote: string | null;
    startAt: string | null;
    endAt: string | null;
    quoteExpiresAt: string | null;
  },
) =>
  prepared(ctx.db, 'proposal_write_if_unchanged', (db) =>
    db
      .update(proposals)
      .set({
        data: sql`${sql.placeholder('data')}::json`,
        updatedAt: sql`${sql.placeholder('updatedAt')}::timestamptz`,
        status: sql`${sql.placeholder('status')}::text`,
        quote: sql`${sql.placeholder('quote')}::json`,
        startAt: sql`${sql.placeholder('startAt')}::timestamptz`,
        endAt: sql`${sql.placeholder('endAt')}::timestamptz`,
        quoteExpiresAt: sql`${sql.placeholder('quoteExpiresAt')}::timestamptz`,
        version: sql`${proposals.version} + 1`,
      })
      .where(
        and(
          eq(proposals.proposalCode, sql.placeholder('proposalCode')),
          sql`xmin = ${sql.placeholder('xmin')}::xid`,
        ),
      )
      .returning({ version: proposals.version })
      .prepare('proposal_write_if_unchanged'),
  ).execute(values);

/** The columns a PATCH sets on this row (a 400 or 409 when it cannot), and the time it was worked out at. */
async function changesOf(ctx: Ctx, row: ProposalRow, input: UpdateProposalRequest, inPlace = false) {
  if (row.status === 'POLICY') throw new AppError('CONFLICT', 'This proposal is already a policy');
  if (row.sourcePolicyId)
    throw new AppError('CONFLICT', 'A renewal is changed on its renewal page (PATCH /api/renewals/{code}).');
  const maxAdditionalProfiles = ctx.brand.productConfig.maxAdditionalProfiles;
  const { data, touched } = await applyAnswerChanges(ctx, row.data, input.changes, {
    onPolicy: false,
    target: `proposal ${row.proposalCode}`,
    inPlace,
  });
  if (input.coverStart) {
    data.quote.startDate = input.coverStart;
    touched.push('quote.startDate');
  }
  const now = ctx.clock.now();
  const rateInput = {
    data,
    promoCode: row.promoCode,
    product: row.product,
    schemeCode: row.schemeCode,
    brand: ctx.brand,
  };
  const willRate = input.applyRating === true || (input.applyRating !== false && row.quote !== null);
  // Validated once: when the answers are to be rated, the complete reading comes first; answers that pass
  // it pass the partial one too, which then only runs to explain a failure.
  const complete = willRate ? validateForRating(rateInput, now) : undefined;
  const checked = complete?.success
    ? complete
    : validateProposal(data, { now, forRating: false, maxAdditionalProfiles });
  // The domain's limits, then the brand's configured rules (which may only narrow them).
  // Only errors at the paths this change touched are answered, so only those answers are checked.
  const touchedPath = (key: string) => touches(key, touched);
  const errors = { ...brandRuleErrors(ctx.brand, data, now, touchedPath), ...checked.errors };
  const relevant = Object.entries(errors).filter(([key]) => touchedPath(key));
  if (relevant.length > 0) throw validation(Object.fromEntries(relevant));
  const rate = () =>
    rateProposal(rateInput, { validityDays: ctx.env.QUOTE_VALIDITY_DAYS }, now, complete?.data);
  let rated: ReturnType<typeof rateProposal> | undefined;
  let stale = false;
  if (input.applyRating === true) rated = rate();
  else if (willRate) {
    // Keep the price current; if the answers cannot be rated yet, the old price must not stay on offer.
    try {
      rated = rate();
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'VALIDATION')) throw err;
      stale = true;
    }
  }
  // A price must always match the answers: changed answers that were not re-rated withdraw it.
  if (!rated && row.quote !== null && JSON.stringify(data) !== JSON.stringify(row.data)) stale = true;
  const changes = {
    data: data as unknown as Record<string, unknown>,
    updatedAt: now,
    ...(rated ? quoteColumns(rated) : {}),
    ...(stale
      ? {
          status:
            effectiveStatus(row, now) === 'QUOTE_EXPIRED' ? ('QUOTE_EXPIRED' as const) : ('QUOTE' as const),
          quote: null,
          startAt: null,
          endAt: null,
          quoteExpiresAt: null,
        }
      : {}),
  };
  return { changes, now };
}
