import type { PolicyUploads, UploadSubmission } from '@forecourt/contracts/uploads';
import { UPLOAD_MAX_BYTES } from '@forecourt/domain/constants';
import { UPLOAD_EXTENSIONS } from '@forecourt/domain/enums';
import { UPLOAD_PURPOSES, type UploadPurpose } from '@forecourt/domain/uploads';
import { and, asc, desc, eq } from 'drizzle-orm';
import { uploadFiles, uploadSubmissions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { stagedView } from './upload-view.ts';
import { uploadedPolicy } from './uploaded-policy.ts';

/** The uploads page of one of the caller's policies (any status): limits, staged files, submissions. */
export async function listUploads(ctx: Ctx, policyId: string): Promise<PolicyUploads> {
  await uploadedPolicy(ctx, policyId, { live: false });
  const scope = owned(ctx);
  const files = await scope.rows(uploadFiles, eq(uploadFiles.policyId, policyId));
  const sent = await ctx.db
    .select()
    .from(uploadSubmissions)
    .where(scope.where(uploadSubmissions, eq(uploadSubmissions.policyId, policyId)))
    .orderBy(desc(uploadSubmissions.committedAt), asc(uploadSubmissions.id));
  const byName = (a: { fileName: string }, b: { fileName: string }) => a.fileName.localeCompare(b.fileName);
  const submissions: UploadSubmission[] = sent.map((s) => ({
    id: s.id,
    purpose: s.purpose as UploadPurpose,
    comment: s.comment,
    committedAt: s.committedAt.toISOString(),
    committedBy: s.committedBy,
    files: files
      .filter((f) => f.submissionId === s.id)
      .map(stagedView)
      .sort(byName),
  }));
  return {
    limits: {
      maxFiles: ctx.brand.productConfig.uploads.maxFiles,
      maxBytes: UPLOAD_MAX_BYTES,
      extensions: [...UPLOAD_EXTENSIONS],
      purposes: [...UPLOAD_PURPOSES],
    },
    staged: files
      .filter((f) => f.submissionId === null)
      .map(stagedView)
      .sort(byName),
    submissions,
  };
}

/** One uploaded file of the caller's policy, with its body from the storage provider. */
export async function readUploadedFile(ctx: Ctx, policyId: string, fileId: string) {
  await uploadedPolicy(ctx, policyId, { live: false });
  const file = await owned(ctx).first(
    uploadFiles,
    and(eq(uploadFiles.policyId, policyId), eq(uploadFiles.id, fileId)),
  );
  const stored = file ? await ctx.providers.storage.get(file.storageKey) : null;
  if (!file || !stored) throw notFound('No such file');
  return { fileName: file.fileName, contentType: file.contentType, body: stored.body };
}
