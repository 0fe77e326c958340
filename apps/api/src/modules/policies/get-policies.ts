import type { PolicyStanding } from '@forecourt/contracts/policies';
import { adjustmentsAllowed } from '@forecourt/domain/policy/adjustments-allowed';
import { inRenewalWindow } from '@forecourt/domain/renewal';
import { desc, eq, inArray } from 'drizzle-orm';
import { policies, policyVersions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { suspendedPolicyIds } from '../billing/index.ts';
import { policyAnswers } from './policy-versions.ts';
import { standingsOf } from './standing.ts';

type PolicyRow = typeof policies.$inferSelect;
type VersionRow = typeof policyVersions.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The version in force now: the latest that has started, else the latest (a policy not yet started, whose
 * changes and start-date change all take effect at its start).
 */
function current(versions: VersionRow[], now: Date): VersionRow | undefined {
  const sorted = [...versions].sort((a, b) => b.versionNumber - a.versionNumber);
  return sorted.find((v) => v.startedAt <= now) ?? sorted[0];
}

function toPolicy(
  p: PolicyRow,
  v: VersionRow,
  now: Date,
  all: VersionRow[],
  windowDays: number,
  suspended: Set<string>,
  standing?: PolicyStanding,
) {
  // Cover that has started reads ACTIVE even before the activation job has run.
  const policyStatus = p.status === 'PENDING' && p.inceptedAt <= now ? ('ACTIVE' as const) : p.status;
  return {
    policyId: p.id,
    policyNumber: p.policyNumber,
    schemeCode: p.schemeCode,
    policyRefNumber: p.policyNumber,
    proposalCode: p.proposalCode,
    policyDetail: {
      policyStatus,
      firstInceptedAt: p.inceptedAt.toISOString(),
      inceptedAt: p.inceptedAt.toISOString(),
      createdAt: p.createdAt.toISOString(),
      expiredAt: iso(p.expiredAt),
      terminatedAt: iso(p.terminatedAt),
      renewalStopped: p.renewalStopped,
      autoRenewalEnabled: p.autoRenewalEnabled,
      autoRenewalReason: p.autoRenewalReason,
    },
    currentPolicyVersion: {
      versionNumber: v.versionNumber,
      startedAt: v.startedAt.toISOString(),
      quote: v.quote,
    },
    versions: [...all]
      .sort((a, b) => a.versionNumber - b.versionNumber)
      .map((x) => ({ versionNumber: x.versionNumber, startedAt: x.startedAt.toISOString() })),
    reviewType: p.reviewType,
    renewalProposal: p.renewalProposalCode,
    upsellProposal: null,
    renewalCycle: p.renewalCycle,
    inRenewalWindow: inRenewalWindow(p, now, windowDays),
    adjustmentsAllowed: adjustmentsAllowed({
      policyStatus,
      terminatedAt: iso(p.terminatedAt),
      accountSuspended: suspended.has(p.id),
    }),
    ...(standing ? { standing } : {}),
  };
}

/** GET /api/policies: the caller's policies, newest first (optionally of one scheme). */
export async function listPolicies(ctx: Ctx, filter: { schemeCode?: string | undefined }) {
  const rows = await ctx.db
    .select()
    .from(policies)
    .where(
      owned(ctx).where(policies, filter.schemeCode ? eq(policies.schemeCode, filter.schemeCode) : undefined),
    )
    .orderBy(desc(policies.createdAt));
  if (rows.length === 0) return [];
  const versions = await ctx.db
    .select()
    .from(policyVersions)
    .where(
      inArray(
        policyVersions.policyId,
        rows.map((r) => r.id),
      ),
    );
  const now = ctx.clock.now();
  const suspended = await suspendedPolicyIds(
    ctx,
    rows.map((r) => r.id),
  );
  const standings = await standingsOf(ctx.db, rows, now);
  return rows.flatMap((p) => {
    const own = versions.filter((x) => x.policyId === p.id);
    const v = current(own, now);
    return v
      ? [toPolicy(p, v, now, own, ctx.env.RENEWAL_INVITATION_DAYS, suspended, standings.get(p.id))]
      : [];
  });
}

/** GET /api/policies/{id}: one of the caller's policies; anyone else's is a 404. */
export async function getPolicy(ctx: Ctx, policyId: string) {
  const p = await owned(ctx).first(policies, eq(policies.id, policyId));
  const versions = p
    ? await ctx.db.select().from(policyVersions).where(eq(policyVersions.policyId, p.id))
    : [];
  const v = current(versions, ctx.clock.now());
  if (!p || !v) throw notFound('No such policy');
  const suspended = await suspendedPolicyIds(ctx, [p.id]);
  const now = ctx.clock.now();
  const standing = (await standingsOf(ctx.db, [p], now)).get(p.id);
  return toPolicy(p, v, now, versions, ctx.env.RENEWAL_INVITATION_DAYS, suspended, standing);
}

/**
 * GET /api/policies/{id} as the route answers it: the policy with its latest version's answers (ADR 255), and that
 * version itself when a change waits to take effect (ADR 401).
 */
export async function getPolicyWithAnswers(ctx: Ctx, policyId: string) {
  const policy = await getPolicy(ctx, policyId);
  const latest = await policyAnswers(ctx, policyId);
  // A change that waits to take effect (ADR 401): what the next change is made on, beside the version in force.
  // Only once cover has started (before, the start itself is what waits) and while it is still to come.
  const now = ctx.clock.now();
  const waiting =
    latest.versionNumber !== policy.currentPolicyVersion.versionNumber &&
    latest.startedAt > now &&
    new Date(policy.policyDetail.inceptedAt) <= now;
  return {
    ...policy,
    answers: latest.data,
    ...(waiting
      ? {
          latestPolicyVersion: {
            versionNumber: latest.versionNumber,
            startedAt: latest.startedAt.toISOString(),
            quote: latest.quote as Record<string, unknown>,
          },
        }
      : {}),
  };
}
