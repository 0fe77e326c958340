import { randomUUID } from 'node:crypto';
import type {
  CreatePartnerEndpoint,
  PartnerDelivery,
  PartnerEndpoint,
  PartnerEndpointWithSecret,
  PartnerEventType,
  ReplayPartnerEvents,
} from '@forecourt/contracts/partners';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { partnerDeliveries, partnerEndpoints, partnerEvents } from '../../db/schema/index.ts';
import { insertRows } from '../../db/values.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { PARTNER_ADMIN, requirePermission } from '../../lib/roles.ts';
import { recordStaffAction } from '../identity/index.ts';
import { urlPolicyOf } from './deliver.ts';
import { newSigningSecret } from './signature.ts';
import { checkPartnerUrl, UnsafeUrlError } from './ssrf.ts';

type EndpointRow = typeof partnerEndpoints.$inferSelect;

const view = (e: EndpointRow): PartnerEndpoint => ({
  id: e.id,
  brand: e.brand,
  url: e.url,
  eventTypes: e.eventTypes as PartnerEventType[],
  enabled: e.enabled,
  contactEmail: e.contactEmail,
  disabledReason: e.disabledReason,
  createdAt: e.createdAt.toISOString(),
});

/** Staff with partner:admin (403 otherwise, 401 without a token). */
const requirePartnerAdmin = (ctx: Ctx) => requirePermission(ctx.caller, PARTNER_ADMIN);

/** A URL that would reach this server, a private range or a metadata address is refused (422), SSRF. */
async function assertSafeUrl(ctx: Ctx, url: string) {
  try {
    await checkPartnerUrl(url, urlPolicyOf(ctx));
  } catch (err) {
    if (err instanceof UnsafeUrlError)
      throw new AppError('VALIDATION', err.message, { fieldErrors: { url: [err.message] } });
    throw err;
  }
}

async function endpointOf(ctx: Ctx, id: string): Promise<EndpointRow> {
  const [row] = await ctx.db
    .select()
    .from(partnerEndpoints)
    .where(and(eq(partnerEndpoints.id, id), eq(partnerEndpoints.brand, ctx.brand.id)));
  if (!row) throw notFound('No such endpoint');
  return row;
}

/** GET /api/admin/partners/endpoints: this brand's endpoints (never their secrets). */
export async function listEndpoints(ctx: Ctx): Promise<PartnerEndpoint[]> {
  requirePartnerAdmin(ctx);
  const rows = await ctx.db
    .select()
    .from(partnerEndpoints)
    .where(eq(partnerEndpoints.brand, ctx.brand.id))
    .orderBy(desc(partnerEndpoints.createdAt));
  return rows.map(view);
}

/** POST /api/admin/partners/endpoints: a new endpoint; its signing secret is in this answer only. Audited. */
export async function createEndpoint(
  ctx: Ctx,
  input: CreatePartnerEndpoint,
): Promise<PartnerEndpointWithSecret> {
  requirePartnerAdmin(ctx);
  await assertSafeUrl(ctx, input.url);
  const now = ctx.clock.now();
  const row: EndpointRow = {
    id: randomUUID(),
    brand: ctx.brand.id,
    url: new URL(input.url).toString(),
    eventTypes: [...new Set(input.eventTypes)],
    secret: newSigningSecret(),
    enabled: true,
    contactEmail: input.contactEmail,
    disabledReason: null,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.transaction(async (tx) => {
    await tx.insert(partnerEndpoints).values(row);
    await recordStaffAction(tx, ctx.caller, { action: 'partner.endpoint.create', target: row.id, at: now });
  });
  return { ...view(row), secret: row.secret };
}

/** POST …/{id}/enabled: staff enable (the URL is checked again) or disable an endpoint. Audited. */
export async function setEndpointEnabled(ctx: Ctx, id: string, enabled: boolean): Promise<PartnerEndpoint> {
  requirePartnerAdmin(ctx);
  const row = await endpointOf(ctx, id);
  if (enabled) await assertSafeUrl(ctx, row.url);
  const now = ctx.clock.now();
  const [updated] = await ctx.db.transaction(async (tx) => {
    const out = await tx
      .update(partnerEndpoints)
      .set({ enabled, disabledReason: enabled ? null : 'Disabled by staff', updatedAt: now })
      .where(eq(partnerEndpoints.id, id))
      .returning();
    if (enabled) await tx.execute(sql`NOTIFY partner_webhooks`);
    await recordStaffAction(tx, ctx.caller, {
      action: enabled ? 'partner.endpoint.enable' : 'partner.endpoint.disable',
      target: id,
      at: now,
    });
    return out;
  });
  return view(updated!);
}

/** POST …/{id}/roll-secret: a new signing secret, in this answer only; the old one stops at once. Audited. */
export async function rollSecret(ctx: Ctx, id: string): Promise<PartnerEndpointWithSecret> {
  requirePartnerAdmin(ctx);
  await endpointOf(ctx, id);
  const now = ctx.clock.now();
  const secret = newSigningSecret();
  const [updated] = await ctx.db.transaction(async (tx) => {
    const out = await tx
      .update(partnerEndpoints)
      .set({ secret, updatedAt: now })
      .where(eq(partnerEndpoints.id, id))
      .returning();
    await recordStaffAction(tx, ctx.caller, { action: 'partner.endpoint.roll-secret', target: id, at: now });
    return out;
  });
  return { ...view(updated!), secret };
}

/** GET …/{id}/deliveries: the endpoint's delivery log, newest first. */
export async function listDeliveries(ctx: Ctx, id: string, limit: number): Promise<PartnerDelivery[]> {
  requirePartnerAdmin(ctx);
  await endpointOf(ctx, id);
  const rows = await ctx.db
    .select({ d: partnerDeliveries, type: partnerEvents.type, policyNumber: partnerEvents.policyNumber })
    .from(partnerDeliveries)
    .innerJoin(partnerEvents, eq(partnerEvents.id, partnerDeliveries.eventId))
    .where(eq(partnerDeliveries.endpointId, id))
    .orderBy(desc(partnerDeliveries.seq))
    .limit(limit);
  return rows.map(({ d, type, policyNumber }) => ({
    id: d.id,
    eventId: d.eventId,
    eventType: type as PartnerEventType,
    policyNumber,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    lastResponseCode: d.lastResponseCode,
    durationMs: d.durationMs,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
  }));
}

/**
 * POST …/{id}/replay: one event, or every event of the endpoint's types since a time, sent again as new
 * deliveries (due now, after anything already pending for the same policy). Audited.
 */
export async function replayEvents(
  ctx: Ctx,
  id: string,
  input: ReplayPartnerEvents,
): Promise<{ queued: number }> {
  requirePartnerAdmin(ctx);
  const endpoint = await endpointOf(ctx, id);
  const brandEvents = eq(partnerEvents.brand, ctx.brand.id);
  const events =
    'eventId' in input
      ? await ctx.db
          .select({ id: partnerEvents.id, policyId: partnerEvents.policyId, type: partnerEvents.type })
          .from(partnerEvents)
          .where(and(eq(partnerEvents.id, input.eventId), brandEvents))
      : await ctx.db
          .select({ id: partnerEvents.id, policyId: partnerEvents.policyId, type: partnerEvents.type })
          .from(partnerEvents)
          .where(and(gte(partnerEvents.createdAt, new Date(input.since)), brandEvents))
          .orderBy(partnerEvents.seq)
          .limit(10_000);
  if ('eventId' in input && events.length === 0) throw notFound('No such event');
  const wanted = events.filter((e) => endpoint.eventTypes.includes(e.type));
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await insertRows(
      tx,
      partnerDeliveries,
      wanted.map((e) => ({
        id: randomUUID(),
        eventId: e.id,
        endpointId: id,
        policyId: e.policyId,
        nextAttemptAt: now,
        createdAt: now,
      })),
    );
    // Wakes the delivery job once this commits (wake.ts).
    await tx.execute(sql`NOTIFY partner_webhooks`);
    await recordStaffAction(tx, ctx.caller, {
      action: 'partner.endpoint.replay',
      target: `${id} ${'eventId' in input ? input.eventId : `since ${input.since}`}`,
      at: now,
    });
  });
  return { queued: wanted.length };
}
