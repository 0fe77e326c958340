import type { Quote } from '@forecourt/contracts/proposals';
import { formatLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { priceBreakdown } from '@forecourt/domain/rating/price';
import { and, eq, gte, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema/index.ts';
import { kickOutbox } from '../../jobs/outbox-dispatch.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueWithinLimit } from '../../lib/outbox.ts';
import { owned } from '../../lib/party-scope.ts';
import { findOwnedProposal } from './queries.ts';

/** At most this many reference e-mails per proposal an hour, so the endpoint cannot be used to spam. */
export const MAX_RETAIN_EMAILS_PER_HOUR = 5;

/**
 * POST /api/proposals/{code}/retain: e-mails the visitor their quote reference (through the outbox),
 * within a limit per proposal and one per recipient address across proposals. The link is absolute
 * (PUBLIC_URL, else the request's origin) so it can be clicked in any mail client.
 */
export async function retainProposal(
  ctx: Ctx,
  proposalCode: string,
  email: string,
  origin: string,
): Promise<{ ok: true }> {
  const row = await findOwnedProposal(ctx.db, owned(ctx), proposalCode);
  const hourAgo = new Date(ctx.clock.now().getTime() - 3_600_000);
  const [sent] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(
      and(
        sql`${outbox.payload}->>'proposalCode' = ${row.proposalCode}`,
        eq(outbox.channel, 'email'),
        gte(outbox.createdAt, hourAgo),
      ),
    );
  if ((sent?.n ?? 0) >= MAX_RETAIN_EMAILS_PER_HOUR)
    throw new AppError(
      'RATE_LIMITED',
      'We have already e-mailed this quote several times. Please try again later.',
    );
  const base = (ctx.env.PUBLIC_URL ?? origin).replace(/\/$/, '');
  const link = `${base}/retrieve?ref=${encodeURIComponent(row.externalReference)}`;
  // The one price breakdown (ADR 175): after any free months, as the quote page shows it.
  const b = row.quote ? priceBreakdown(row.quote as Quote) : null;
  const free =
    b && b.freeMonths > 0
      ? ` Your first ${b.freeMonths === 1 ? 'month is' : `${b.freeMonths} months are`} free.`
      : '';
  const price = b
    ? b.monthly
      ? `Your price was ${formatGBP(b.monthly.regular)} a month (${formatGBP(b.total)} a year), including Insurance Premium Tax.${free}`
      : `Your price was ${formatGBP(b.total)} a year, including Insurance Premium Tax.${free}`
    : '';
  const body = [
    `Thank you for getting a quote with ${ctx.brand.name}.`,
    `Your quote reference is ${row.externalReference}.`,
    price,
    `To pick up where you left off, go to ${link} and enter your reference, date of birth and postcode.`,
    row.quoteExpiresAt ? `Your quote is valid until ${formatLondon(row.quoteExpiresAt, 'dd/MM/yyyy')}.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const queued = await enqueueWithinLimit(
    ctx.db,
    {
      channel: 'email',
      recipient: email,
      subject: `Your ${ctx.brand.name} quote reference ${row.externalReference}`,
      body,
      payload: {
        kind: 'quote-retain',
        proposalCode: row.proposalCode,
        externalReference: row.externalReference,
      },
    },
    ctx.clock.now(),
  );
  // However many proposals ask, one inbox gets a few reference e-mails an hour (ADR 123).
  if (!queued)
    throw new AppError(
      'RATE_LIMITED',
      'We have already e-mailed quote references to this address several times. Please try again later.',
    );
  await kickOutbox(ctx);
  return { ok: true };
}
