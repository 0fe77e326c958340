import { and, eq, isNull, sql } from 'drizzle-orm';
import { policies, uploadFiles } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';

/**
 * The caller's policy that documents are sent about, read through `owned(ctx)`: no session 401, staff not
 * acting for a customer 403, another party's policy 404. `live` also refuses an ended policy (422).
 */
export async function uploadedPolicy(ctx: Ctx, policyId: string, { live }: { live: boolean }) {
  const scope = owned(ctx);
  const policy = await scope.first(policies, eq(policies.id, policyId));
  if (!policy) throw notFound('No policy of yours has that id');
  if (live && !['ACTIVE', 'PENDING'].includes(policy.status))
    throw new AppError('UNPROCESSABLE', 'Documents can only be sent for a policy that is live.');
  return { policyId: policy.id, partyId: scope.partyId };
}

/** How many files the policy holds staged (not yet committed). */
export async function stagedCount(db: Ctx['db'], policyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(uploadFiles)
    .where(and(eq(uploadFiles.policyId, policyId), isNull(uploadFiles.submissionId)));
  return row?.n ?? 0;
}

/** The names of the files the policy holds staged. */
export async function stagedNames(db: Ctx['db'], policyId: string): Promise<Set<string>> {
  const found = await db
    .select({ fileName: uploadFiles.fileName })
    .from(uploadFiles)
    .where(and(eq(uploadFiles.policyId, policyId), isNull(uploadFiles.submissionId)));
  return new Set(found.map((f) => f.fileName));
}

/** One writer at a time per policy's uploads (staging and committing), in the caller's transaction. */
export const lockUploads = (tx: Ctx['db'], policyId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`uploads:${policyId}`}))`);

/** Who committed: staff acting for the customer, or the customer. */
export const committedBy = (ctx: Ctx) => (ctx.caller.kind === 'admin' ? 'staff' : 'customer');
