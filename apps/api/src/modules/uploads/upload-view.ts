import type { StagedFile } from '@forecourt/contracts/uploads';
import type { uploadFiles } from '../../db/schema/index.ts';

/** A file row as the API shows it. */
export const stagedView = (row: typeof uploadFiles.$inferSelect): StagedFile => ({
  id: row.id,
  fileName: row.fileName,
  sizeBytes: row.sizeBytes,
  contentType: row.contentType,
  stagedAt: row.stagedAt.toISOString(),
});
