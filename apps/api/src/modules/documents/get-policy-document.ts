import type { PolicyDocumentKind } from '@forecourt/contracts/documents';
import { and, desc, eq, lte } from 'drizzle-orm';
import { policies, policyDocuments, policyVersions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';

export class DocumentNotReadyError extends Error {
  constructor() {
    super('Your document is being generated. Please retry in a few minutes.');
  }
}

/** What a document needs of its version: not the answers, quote and document input (kilobytes of JSON). */
const versionColumns = { id: policyVersions.id, versionNumber: policyVersions.versionNumber };

/**
 * A policy document of the caller's policy, from the version asked for (every version keeps its own
 * certificate and schedule), else its current version (the latest that has started, or the first for a policy
 * not yet started). Another party's policy or a version it does not have is a 404; a document not generated
 * yet is DocumentNotReadyError.
 */
export async function getPolicyDocument(
  ctx: Ctx,
  policyId: string,
  doc: PolicyDocumentKind,
  versionNumber?: number,
) {
  const policy = await owned(ctx).first(policies, eq(policies.id, policyId));
  if (!policy) throw notFound('No such policy');
  if (versionNumber !== undefined) {
    const [asked] = await ctx.db
      .select(versionColumns)
      .from(policyVersions)
      .where(and(eq(policyVersions.policyId, policy.id), eq(policyVersions.versionNumber, versionNumber)));
    if (!asked) throw notFound('No such policy version');
    return storedDocument(ctx, policy.policyNumber, asked, doc);
  }
  const [started] = await ctx.db
    .select(versionColumns)
    .from(policyVersions)
    .where(and(eq(policyVersions.policyId, policy.id), lte(policyVersions.startedAt, ctx.clock.now())))
    .orderBy(desc(policyVersions.versionNumber))
    .limit(1);
  const [first] = started
    ? [started]
    : await ctx.db
        .select(versionColumns)
        .from(policyVersions)
        .where(eq(policyVersions.policyId, policy.id))
        .orderBy(policyVersions.versionNumber)
        .limit(1);
  if (!first) throw new DocumentNotReadyError();
  return storedDocument(ctx, policy.policyNumber, first, doc);
}

async function storedDocument(
  ctx: Ctx,
  policyNumber: string,
  version: { id: string; versionNumber: number },
  doc: PolicyDocumentKind,
) {
  const [record] = await ctx.db
    .select()
    .from(policyDocuments)
    .where(and(eq(policyDocuments.policyVersionId, version.id), eq(policyDocuments.doc, doc)));
  if (!record) throw new DocumentNotReadyError();
  const stored = await ctx.providers.storage.get(record.storageKey);
  if (!stored) throw new DocumentNotReadyError();
  const label = doc === 'policy-certificate' ? 'certificate-of-motor-insurance' : 'policy-schedule';
  return {
    body: stored.body,
    contentType: record.contentType,
    storageKey: record.storageKey,
    filename: `${policyNumber}-${label}-v${version.versionNumber}.pdf`,
  };
}
