import type { PolicyDocumentInput } from '@forecourt/contracts/documents';
import { desc, eq } from 'drizzle-orm';
import { policies, policyVersions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';

/** What a claim needs to know about the caller's policy: its number, cover period, insured and e-mail. */
export interface ClaimedPolicy {
  policyId: string;
  policyNumber: string;
  partyId: string;
  status: string;
  coverFrom: Date;
  /** When cover ends (or ended); undefined for a rolling subscription with no end set. */
  coverTo: Date | undefined;
  insuredName: string;
  email: string | undefined;
}

/**
 * The caller's policy (by id or number), read through `owned(ctx)`: another party's policy is not found
 * (404), a caller without a party is refused (401). Reads the policies module's tables, never writes them.
 */
export async function claimedPolicy(
  ctx: Ctx,
  by: { policyId: string } | { policyNumber: string },
): Promise<ClaimedPolicy> {
  const scope = owned(ctx);
  const policy = await scope.first(
    policies,
    'policyId' in by ? eq(policies.id, by.policyId) : eq(policies.policyNumber, by.policyNumber),
  );
  if (!policy) throw notFound('No policy of yours has that number');
  const [version] = await ctx.db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.policyId, policy.id))
    .orderBy(desc(policyVersions.versionNumber))
    .limit(1);
  const input = version?.documentInput as PolicyDocumentInput | null | undefined;
  const quote = version?.quote as {
    insuredProfiles?: { policyholder?: boolean; data?: Record<string, unknown> }[];
  };
  const holder = quote?.insuredProfiles?.find((p) => p.policyholder)?.data;
  const name = input ? `${input.policyholder.firstName} ${input.policyholder.lastName}` : '';
  const ends = [policy.terminatedAt, policy.expiredAt].filter((d): d is Date => d instanceof Date);
  return {
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    partyId: policy.partyId,
    status: policy.status,
    coverFrom: policy.inceptedAt,
    coverTo: ends.length ? new Date(Math.min(...ends.map((d) => d.getTime()))) : undefined,
    insuredName: name.trim() || 'Policyholder',
    email: typeof holder?.email === 'string' ? holder.email : undefined,
  };
}
