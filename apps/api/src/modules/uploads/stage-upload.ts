import { randomUUID } from 'node:crypto';
import type { RejectedFile, StagedFile, StageUploadResponse } from '@forecourt/contracts/uploads';
import { shownFileName as shown, UPLOAD_KINDS, uploadRejection } from '@forecourt/domain/uploads';
import { and, eq, isNull } from 'drizzle-orm';
import { uploadFiles } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { validation } from '../../lib/errors.ts';
import { stagedView } from './upload-view.ts';
import { lockUploads, stagedCount, stagedNames, uploadedPolicy } from './uploaded-policy.ts';

/** A file part of the multipart request: read it (up to the size limit) or skip it. */
export interface IncomingFile {
  name: string;
  read(): Promise<{ bytes: Buffer; truncated: boolean }>;
  skip(): Promise<void>;
}

/**
 * Stages the files of one request for the caller's live policy (spec 3 §7 stage). Each file is checked by
 * name, size and content (`uploadRejection`); files beyond the product's `maxFiles` staged at once are
 * refused `too-many` unread. A kept file goes to the storage provider, then its row is written under the
 * policy's uploads lock, where the count is checked again so two requests at once cannot pass the limit.
 * Staging a name again replaces the staged file of that name.
 */
export async function stageUpload(
  ctx: Ctx,
  policyId: string,
  files: AsyncIterable<IncomingFile>,
): Promise<StageUploadResponse> {
  const policy = await uploadedPolicy(ctx, policyId, { live: true });
  const maxFiles = ctx.brand.productConfig.uploads.maxFiles;
  const rejected: RejectedFile[] = [];
  const kept: (typeof uploadFiles.$inferInsert)[] = [];
  let seen = 0;
  const names = await stagedNames(ctx.db, policyId);
  let room = maxFiles - names.size;
  for await (const file of files) {
    seen++;
    const replaces = names.has(file.name);
    if (room <= 0 && !replaces) {
      await file.skip();
      rejected.push({ fileName: shown(file.name), reason: 'too-many' });
      continue;
    }
    const { bytes, truncated } = await file.read();
    const verdict = uploadRejection({ name: file.name, bytes, truncated });
    if ('reason' in verdict) {
      rejected.push({ fileName: shown(file.name), reason: verdict.reason });
      continue;
    }
    const id = randomUUID();
    const { contentType, extensions } = UPLOAD_KINDS[verdict.kind];
    const storageKey = `uploads/${policyId}/${id}.${extensions[0]}`;
    await ctx.providers.storage.put(storageKey, bytes, contentType);
    kept.push({
      id,
      policyId,
      partyId: policy.partyId,
      fileName: file.name,
      sizeBytes: bytes.length,
      contentType,
      storageKey,
      stagedAt: ctx.clock.now(),
    });
    if (!replaces) room--;
    names.add(file.name);
  }
  if (seen === 0) throw validation({ file: ['validation.atLeastOneFile'] }, 'Choose at least one file');

  const staged: StagedFile[] = [];
  await ctx.db.transaction(async (tx) => {
    await lockUploads(tx, policyId);
    let free = maxFiles - (await stagedCount(tx, policyId));
    for (const row of kept) {
      const [replaced] = await tx
        .delete(uploadFiles)
        .where(sqlStagedName(row.policyId, row.fileName))
        .returning({ id: uploadFiles.id });
      if (!replaced && free <= 0) {
        rejected.push({ fileName: row.fileName, reason: 'too-many' });
        continue;
      }
      if (!replaced) free--;
      await tx.insert(uploadFiles).values(row);
      staged.push(stagedView({ ...row, submissionId: null, stagedAt: row.stagedAt as Date }));
    }
  });
  return { staged, rejected };
}

const sqlStagedName = (policyId: string, fileName: string) =>
  and(
    eq(uploadFiles.policyId, policyId),
    eq(uploadFiles.fileName, fileName),
    isNull(uploadFiles.submissionId),
  );
