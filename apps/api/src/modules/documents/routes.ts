import { policyDocumentParamsSchema, policyDocumentQuerySchema } from '@forecourt/contracts/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appOrigin, ctxOf } from '../../lib/context.ts';
import type { FilesystemStorage } from '../../providers/storage/filesystem.ts';
import { DocumentNotReadyError, getPolicyDocument } from './get-policy-document.ts';
import { readStaticDocument } from './static-documents.ts';

const LINK_SECONDS = 15 * 60;

/** Policy documents (PDF), static product documents (HTML) and signed storage links. */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/documents/policy/:id/:doc',
    {
      schema: {
        tags: ['documents'],
        summary:
          "A policy's certificate or schedule (of ?version=N, else the current version): the PDF, or a signed link with Accept: application/json",
        params: policyDocumentParamsSchema,
        querystring: policyDocumentQuerySchema,
      },
    },
    async (req, reply) => {
      try {
        const doc = await getPolicyDocument(ctxOf(req), req.params.id, req.params.doc, req.query.version);
        if ((req.headers.accept ?? '').includes('application/json')) {
          const url = await app.services.providers.storage.signedUrl(doc.storageKey, {
            expiresInSeconds: LINK_SECONDS,
            baseUrl: appOrigin(req),
          });
          const expiresAt = new Date(app.services.clock.now().getTime() + LINK_SECONDS * 1000).toISOString();
          return { doc: req.params.doc, url, expiresAt };
        }
        return reply
          .type(doc.contentType)
          .header('content-disposition', `inline; filename="${doc.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(doc.body);
      } catch (err) {
        if (!(err instanceof DocumentNotReadyError)) throw err;
        return reply
          .status(404)
          .send({ code: 'DOCUMENT_NOT_READY', message: err.message, requestId: req.id });
      }
    },
  );

  app.get<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>(
    '/api/storage/*',
    { schema: { hide: true } },
    async (req, reply) => {
      const storage = app.services.providers.storage;
      const key = req.params['*'];
      const ok =
        storage.name === 'filesystem' &&
        (storage as FilesystemStorage).verifySignature(
          key,
          Number(req.query.expires),
          String(req.query.signature ?? ''),
        );
      const stored = ok ? await storage.get(key) : null;
      if (!stored) {
        return reply
          .status(404)
          .send({ code: 'NOT_FOUND', message: 'This link has expired or is not valid', requestId: req.id });
      }
      return reply.type(stored.contentType).header('cache-control', 'private, no-store').send(stored.body);
    },
  );

  app.get<{ Params: { wordingVersion: string; file: string } }>(
    '/documents/:wordingVersion/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const html = await readStaticDocument(req.params.wordingVersion, req.params.file);
      if (html === undefined) return reply.callNotFound();
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(html);
    },
  );
};
