import { fnolRequestSchema } from '@forecourt/contracts/claims';
import { londonInstant as londonWallInstant } from '@forecourt/domain/calendar/london';
import { CLAIM_SUB_TYPES, CLAIM_TYPES } from '@forecourt/domain/enums';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fnolLinks } from '../../db/schema/index.ts';
import { ctxOf } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { esc, field, sandboxPage } from '../../providers/card-payments/sandbox-html.ts';
import { recordLoss } from './notify-loss.ts';

type Link = typeof fnolLinks.$inferSelect;
type Form = Record<string, string | undefined>;

const TYPES = CLAIM_TYPES.flatMap((t) => {
  const subs = (CLAIM_SUB_TYPES as Record<string, readonly string[]>)[t];
  return subs ? subs.map((s) => `${t}:${s}`) : [t];
});

function formPage(link: Link, form: Form = {}, errors: Record<string, string> = {}) {
  const options = TYPES.map(
    (t) =>
      `<option value="${esc(t)}"${form.kind === t ? ' selected' : ''}>${esc(t.replace(':', ' – '))}</option>`,
  ).join('');
  return sandboxPage(
    'Report a claim',
    `<h1>Report a claim</h1><p class="muted">Policy ${esc(link.policyNumber)}. This page stands in for the
external claims partner's form.</p>
${Object.keys(errors).length ? '<div class="alert" role="alert">Please check your answers.</div>' : ''}
<form method="post" action="/sandbox/fnol/${esc(link.id)}" novalidate>
<label for="kind">What happened</label><select id="kind" name="kind">${options}</select>
${field('occurredAt', 'When (date and time)', form.occurredAt, errors.occurredAt, 'type="datetime-local"')}
${field('location', 'Where', form.location, errors.location)}
${field('description', 'Tell us what happened', form.description, errors.description)}
${field('injuryDetails', 'Anyone hurt? Who and how (leave empty if no one)', form.injuryDetails, errors.injuryDetails)}
${field('policeReference', 'Police reference (if any)', form.policeReference, errors.policeReference)}
<button type="submit">Send my claim</button>
</form>
<p><a href="${esc(link.callbackUrl)}">Cancel and return</a></p>`,
  );
}

const gone = () =>
  sandboxPage(
    'Link expired',
    '<h1>This link has expired or was used</h1><p>Please go back and start again.</p>',
  );

/** A London wall-clock time from a datetime-local field, as an ISO instant; undefined if malformed. */
function londonInstant(value: string | undefined): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value ?? '');
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  return new Date(londonWallInstant(y, mo, d, h, mi)).toISOString();
}

/** The sandbox external FNOL service: a form per link that records the claim and returns to the app. */
export async function sandboxFnolRoutes(app: FastifyInstance) {
  const load = async (id: string) => {
    const [link] = await app.services.db
      .select()
      .from(fnolLinks)
      .where(
        and(
          eq(fnolLinks.id, id),
          isNull(fnolLinks.usedAt),
          gt(fnolLinks.expiresAt, app.services.clock.now()),
        ),
      );
    return link;
  };
  const html = (reply: { type(t: string): unknown }) => reply.type('text/html; charset=utf-8');

  app.get<{ Params: { id: string } }>('/sandbox/fnol/:id', { schema: { hide: true } }, async (req, reply) => {
    const link = await load(req.params.id);
    html(reply);
    return link ? reply.send(formPage(link)) : reply.status(404).send(gone());
  });

  app.post<{ Params: { id: string }; Body: Form }>(
    '/sandbox/fnol/:id',
    { schema: { hide: true } },
    async (req: FastifyRequest<{ Params: { id: string }; Body: Form }>, reply) => {
      const link = await load(req.params.id);
      html(reply);
      if (!link) return reply.status(404).send(gone());
      const form = (req.body ?? {}) as Form;
      const [claimType, claimSubType] = String(form.kind ?? '').split(':');
      const parsed = fnolRequestSchema.safeParse({
        policyId: link.policyId,
        claimType,
        ...(claimSubType ? { claimSubType } : {}),
        occurredAt: londonInstant(form.occurredAt) ?? form.occurredAt ?? '',
        location: form.location ?? '',
        description: form.description ?? '',
        injuries: Boolean(form.injuryDetails?.trim()),
        ...(form.injuryDetails?.trim() ? { injuryDetails: form.injuryDetails } : {}),
        ...(form.policeReference?.trim() ? { policeReference: form.policeReference } : {}),
      });
      if (!parsed.success) {
        const errors = Object.fromEntries(
          parsed.error.issues.map((i) => [String(i.path[0] ?? 'kind'), i.message]),
        );
        return reply.status(400).send(formPage(link, form, errors));
      }
      // The link stands for the customer who asked for it: the claim is read and written in their party only.
      const ctx = { ...ctxOf(req), caller: { kind: 'anonymous' as const, partyId: link.partyId } };
      try {
        const claimed = await app.services.db
          .update(fnolLinks)
          .set({ usedAt: ctx.clock.now() })
          .where(and(eq(fnolLinks.id, link.id), isNull(fnolLinks.usedAt)))
          .returning({ id: fnolLinks.id });
        if (claimed.length === 0) return reply.status(404).send(gone());
        const claim = await recordLoss(ctx, parsed.data, 'external');
        const back = new URL(link.callbackUrl);
        back.searchParams.set('claimReference', claim.claimReference);
        return reply.redirect(back.toString(), 303);
      } catch (err) {
        await app.services.db.update(fnolLinks).set({ usedAt: null }).where(eq(fnolLinks.id, link.id));
        if (!(err instanceof AppError) || err.code !== 'VALIDATION') throw err;
        const errors = Object.fromEntries(
          Object.entries(err.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? '']),
        );
        return reply.status(400).send(formPage(link, form, errors));
      }
    },
  );
}
