import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import {
  commitUploadRequestSchema,
  policyUploadsSchema,
  stageUploadResponseSchema,
  uploadFileParamsSchema,
  uploadParamsSchema,
  uploadSubmissionSchema,
} from '@forecourt/contracts/uploads';
import { UPLOAD_MAX_BYTES } from '@forecourt/domain/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { validation } from '../../lib/errors.ts';
import { idempotencyHeaders, idempotentRoute } from '../../lib/idempotency.ts';
import { commitUpload } from './commit-upload.ts';
import { listUploads, readUploadedFile } from './list-uploads.ts';
import { type IncomingFile, stageUpload } from './stage-upload.ts';

const tags = ['documents'];
/** Parts one stage request may hold: more than any product's maxFiles, so extra files are named `too-many`. */
const MAX_PARTS = 25;

/** The multipart file parts of a request as the use case reads them; a parser limit is a 400. */
async function* incomingFiles(parts: AsyncIterableIterator<MultipartFile>): AsyncGenerator<IncomingFile> {
  try {
    for await (const part of parts) {
      yield {
        name: part.filename,
        async read() {
          const bytes = await part.toBuffer();
          return { bytes, truncated: part.file.truncated };
        },
        async skip() {
          for await (const _ of part.file);
        },
      };
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'].includes(code))
      throw validation({ file: ['validation.tooManyParts'] }, `At most ${MAX_PARTS} files in one request`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || /multipart/i.test(String((err as Error).message)))
      throw validation({ file: ['validation.multipart'] }, 'Send the files as multipart/form-data');
    throw err;
  }
}

async function* noFiles(): AsyncGenerator<IncomingFile> {}

/** Uploads (spec 3 §4 Upload, §5 Uploads, §7): stage files, commit them, list and read them (ADR 260). */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered inside this plugin only: no other route accepts multipart bodies.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: UPLOAD_MAX_BYTES, files: MAX_PARTS, parts: MAX_PARTS, fields: 0, headerPairs: 50 },
  });

  app.post(
    '/api/documents/upload/stage/:id',
    {
      schema: {
        tags,
        summary:
          "Stage files for one of the caller's policies: multipart/form-data, one or more parts named `file`; each is kept or listed as rejected with its reason",
        consumes: ['multipart/form-data'],
        params: uploadParamsSchema,
        response: { 200: stageUploadResponseSchema },
      },
    },
    async (req) => {
      // Not multipart: no file (400 after the access checks).
      const files = req.isMultipart() ? incomingFiles(req.files()) : noFiles();
      return stageUpload(ctxOf(req), req.params.id, files);
    },
  );

  app.post(
    '/api/documents/upload/commit/:id',
    {
      schema: {
        tags,
        summary:
          'Send staged files with a purpose and an optional comment; safe to retry with an Idempotency-Key',
        headers: idempotencyHeaders,
        params: uploadParamsSchema,
        body: commitUploadRequestSchema,
        response: { 201: uploadSubmissionSchema },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const submission = await idempotentRoute(app.services, req, reply, 'commit-upload', () =>
        commitUpload(ctx, req.params.id, req.body),
      );
      return reply.status(201).send(submission);
    },
  );

  app.get(
    '/api/documents/upload/:id',
    {
      schema: {
        tags,
        summary: "The uploads of one of the caller's policies: limits, files staged, submissions sent",
        params: uploadParamsSchema,
        response: { 200: policyUploadsSchema },
      },
    },
    async (req) => listUploads(ctxOf(req), req.params.id),
  );

  app.get(
    '/api/documents/upload/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: 'One uploaded file, as sent',
        params: uploadFileParamsSchema,
      },
    },
    async (req, reply) => {
      const file = await readUploadedFile(ctxOf(req), req.params.id, req.params.fileId);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
