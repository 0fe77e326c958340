import { randomUUID } from 'node:crypto';
import type { CommitUploadRequest, UploadSubmission } from '@forecourt/contracts/uploads';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { uploadFiles, uploadSubmissions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { validation } from '../../lib/errors.ts';
import { stagedView } from './upload-view.ts';
import { committedBy, lockUploads, uploadedPolicy } from './uploaded-policy.ts';

/**
 * Commits staged files of the caller's live policy as one submission with a purpose and an optional comment
 * (spec 3 §7 commit). Every name must be staged, at most the product's `maxFiles`; otherwise 400 and nothing
 * changes. Under the policy's uploads lock, so the same files committed twice at once make one submission and
 * the second answers 400 (`fileNames: validation.notStaged`).
 */
export async function commitUpload(
  ctx: Ctx,
  policyId: string,
  input: CommitUploadRequest,
): Promise<UploadSubmission> {
  const policy = await uploadedPolicy(ctx, policyId, { live: true });
  const names = [...new Set(input.fileNames)];
  if (names.length > ctx.brand.productConfig.uploads.maxFiles)
    throw validation({ fileNames: ['validation.tooManyFiles'] }, 'Too many files for one submission');
  return ctx.db.transaction(async (tx) => {
    await lockUploads(tx, policyId);
    const staged = await tx
      .select()
      .from(uploadFiles)
      .where(
        and(
          eq(uploadFiles.policyId, policyId),
          eq(uploadFiles.partyId, policy.partyId),
          isNull(uploadFiles.submissionId),
          inArray(uploadFiles.fileName, names),
        ),
      );
    if (staged.length !== names.length) {
      const missing = names.filter((n) => !staged.some((f) => f.fileName === n));
      throw validation(
        { fileNames: ['validation.notStaged'] },
        `These files are not waiting to be sent: ${missing.join(', ')}`,
      );
    }
    const submission = {
      id: randomUUID(),
      policyId,
      partyId: policy.partyId,
      purpose: input.purpose,
      comment: input.comment ? input.comment : null,
      committedBy: committedBy(ctx),
      committedAt: ctx.clock.now(),
    } as const;
    await tx.insert(uploadSubmissions).values(submission);
    const files = await tx
      .update(uploadFiles)
      .set({ submissionId: submission.id })
      .where(
        inArray(
          uploadFiles.id,
          staged.map((f) => f.id),
        ),
      )
      .returning();
    return {
      ...submission,
      committedAt: submission.committedAt.toISOString(),
      files: files.map(stagedView).sort((a, b) => a.fileName.localeCompare(b.fileName)),
    };
  });
}
