import { UPLOAD_MAX_BYTES } from '@forecourt/domain/constants';
import { UPLOAD_EXTENSIONS, UPLOAD_REJECTION_REASONS } from '@forecourt/domain/enums';
import { isSafeFileName, UPLOAD_PURPOSES } from '@forecourt/domain/uploads';
import { z } from 'zod';

/** Uploads (spec 3 §4 Upload, §5 Uploads, §7 `/documents/upload/stage|commit/{id}`), ADR 260. */
export const uploadParamsSchema = z.object({ id: z.string().uuid() });
export const uploadFileParamsSchema = z.object({ id: z.string().uuid(), fileId: z.string().uuid() });

export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES);
export const uploadFileNameSchema = z.string().refine(isSafeFileName, 'validation.fileName');

export const stagedFileSchema = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  contentType: z.string(),
  stagedAt: z.string(),
});
export type StagedFile = z.infer<typeof stagedFileSchema>;

export const rejectedFileSchema = z.object({
  fileName: z.string(),
  reason: z.enum(UPLOAD_REJECTION_REASONS),
});
export type RejectedFile = z.infer<typeof rejectedFileSchema>;

/** The answer to a stage call (multipart, one or more parts named `file`): what was kept, what was refused. */
export const stageUploadResponseSchema = z.object({
  staged: z.array(stagedFileSchema),
  rejected: z.array(rejectedFileSchema),
});
export type StageUploadResponse = z.infer<typeof stageUploadResponseSchema>;

export const commitUploadRequestSchema = z.object({
  fileNames: z.array(uploadFileNameSchema).min(1).max(20),
  comment: z.string().trim().max(500).optional(),
  purpose: uploadPurposeSchema,
});
export type CommitUploadRequest = z.infer<typeof commitUploadRequestSchema>;

export const uploadSubmissionSchema = z.object({
  id: z.string().uuid(),
  purpose: uploadPurposeSchema,
  comment: z.string().nullable(),
  committedAt: z.string(),
  committedBy: z.enum(['customer', 'staff']),
  files: z.array(stagedFileSchema),
});
export type UploadSubmission = z.infer<typeof uploadSubmissionSchema>;

/** What the uploads page needs: the limits, the files staged but not sent, and what was sent, newest first. */
export const policyUploadsSchema = z.object({
  limits: z.object({
    maxFiles: z.number().int(),
    maxBytes: z.literal(UPLOAD_MAX_BYTES),
    extensions: z.array(z.enum(UPLOAD_EXTENSIONS)),
    purposes: z.array(uploadPurposeSchema),
  }),
  staged: z.array(stagedFileSchema),
  submissions: z.array(uploadSubmissionSchema),
});
export type PolicyUploads = z.infer<typeof policyUploadsSchema>;
