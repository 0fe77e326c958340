import { randomUUID } from 'node:crypto';
import type { PartnerKey } from '@forecourt/contracts/partner-quotes';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { type PartnerApiKeyRow, partnerApiKeys } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { PARTNER_ADMIN, requirePermission } from '../../lib/roles.ts';
import { recordStaffAction } from '../identity/index.ts';
import { forgetKey, newApiKey } from './api-keys.ts';

const view = (r: PartnerApiKeyRow): PartnerKey => ({
  id: r.id,
  partner: r.partner,
  keyPrefix: r.keyPrefix,
  createdAt: r.createdAt.toISOString(),
  createdBy: r.createdBy,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

const staffName = (staff: { userId: string; claims: Record<string, unknown> }) =>
  typeof staff.claims.email === 'string' ? staff.claims.email : staff.userId;

/** GET /api/admin/partner-keys: the brand's keys, newest first (prefixes only: a key is never shown again). */
export async function listPartnerKeys(ctx: Ctx) {
  requirePermission(ctx.caller, PARTNER_ADMIN);
  const rows = await ctx.db
    .select()
    .from(partnerApiKeys)
    .where(eq(partnerApiKeys.brand, ctx.brand.id))
    .orderBy(desc(partnerApiKeys.createdAt));
  return { keys: rows.map(view) };
}

/**
 * POST /api/admin/partner-keys: a new key for a partner, answered once with the key itself; only its hash is
 * kept. The partner's other keys stay active, so it rotates without downtime. Audited.
 */
export async function createPartnerKey(ctx: Ctx, input: { partner: string }) {
  const staff = requirePermission(ctx.caller, PARTNER_ADMIN);
  const { key, prefix, hash } = newApiKey();
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(partnerApiKeys)
      .values({
        id: randomUUID(),
        brand: ctx.brand.id,
        partner: input.partner,
        keyPrefix: prefix,
        keyHash: hash,
        createdBy: staffName(staff),
        createdAt: now,
      })
      .returning();
    await recordStaffAction(tx, ctx.caller, {
      action: 'CREATE partner API key',
      target: `${input.partner} ${prefix}…`,
      at: now,
    });
    return made!;
  });
  return { ...view(row), key };
}

/** POST /api/admin/partner-keys/{id}/revoke: the key stops working at once (in this process; others within 5 s). Audited. */
export async function revokePartnerKey(ctx: Ctx, id: string) {
  requirePermission(ctx.caller, PARTNER_ADMIN);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(partnerApiKeys)
      .where(and(eq(partnerApiKeys.id, id), eq(partnerApiKeys.brand, ctx.brand.id)));
    if (!found) throw notFound('No such key');
    if (found.revokedAt) return found;
    const [revoked] = await tx
      .update(partnerApiKeys)
      .set({ revokedAt: now })
      .where(and(eq(partnerApiKeys.id, id), isNull(partnerApiKeys.revokedAt)))
      .returning();
    await recordStaffAction(tx, ctx.caller, {
      action: 'REVOKE partner API key',
      target: `${found.partner} ${found.keyPrefix}…`,
      at: now,
    });
    return revoked ?? found;
  });
  forgetKey(ctx, id);
  return view(row);
}
