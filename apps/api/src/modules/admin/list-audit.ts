import type { AuditEntry } from '@forecourt/contracts/identity';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { ACT_FOR_CUSTOMER, requirePermission } from '../../lib/roles.ts';

/** GET /api/admin/audit: the latest audit entries, for staff who may impersonate. Read-only by design. */
export async function listAudit(ctx: Ctx, input: { customer?: string | undefined; limit: number }) {
  requirePermission(ctx.caller, ACT_FOR_CUSTOMER);
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(input.customer ? eq(auditLog.customerPartyId, input.customer) : undefined)
    // Entries of the same millisecond in the order they were written (migration 1130).
    .orderBy(desc(auditLog.createdAt), desc(auditLog.seq))
    .limit(input.limit);
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    adminSubject: r.adminSubject,
    adminEmail: r.adminEmail,
    customerPartyId: r.customerPartyId,
    action: r.action,
    target: r.target,
    outcomeStatus: r.outcomeStatus,
    createdAt: r.createdAt.toISOString(),
  }));
  return { entries };
}
