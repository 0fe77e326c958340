import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { themeToCss } from '@forecourt/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicConfig, requestOrigin, varyByOrigin } from '../modules/config/index.ts';
import { routePreloads } from './route-preloads.ts';

/** The web build of this checkout, served unless WEB_DIST names another. */
const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const escapeJson = (json: string) => json.replace(/</g, '\\u003c');
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Serves the built SPA. index.html gets the brand inlined (config as a non-executable JSON script, theme as
 * CSS variables), so the first paint needs no extra request. Paths under ADMIN_PATH get the admin app:
 * the same SPA with isAdmin on. Unknown paths get index.html; the SPA's router sends them home.
 */
export async function registerSpa(app: FastifyInstance) {
  const webDist = app.services.env.WEB_DIST ?? defaultWebDist;
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    const notBuilt = async (request: FastifyRequest, reply: FastifyReply) =>
      serverOwned(request.url)
        ? notFoundHere(request, reply)
        : reply
            .type('text/plain')
            .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    app.get('/', notBuilt);
    app.get('/*', notBuilt);
    return;
  }
  const template = readFileSync(indexFile, 'utf8');
  const { brand, env } = app.services;
  const adminPath = env.ADMIN_PATH.replace(/\/$/, '');
  const preloads = routePreloads(
    webDist,
    brand.schemes.filter((s) => !s.disabled).map((s) => s.productUrlName),
  );

  const render = (request: FastifyRequest, reply: FastifyReply) => {
    const admin = request.url === adminPath || request.url.startsWith(`${adminPath}/`);
    const config = publicConfig(app.services, {
      admin,
      origin: requestOrigin(request),
    });
    varyByOrigin(reply);
    const head = [
      `<title>${escapeHtml(brand.name)} car insurance</title>`,
      `<style id="forecourt-theme">${themeToCss(brand.theme)}</style>`,
      `<script type="application/json" id="forecourt-config">${escapeJson(JSON.stringify({ ...config, basename: admin ? adminPath : '/' }))}</script>`,
    ].join('');
    // The route's own chunks after index.html's script and stylesheet, which every page needs first: a
    // preload ahead of them shared the slow phone's bandwidth with them (issue 29).
    const html = template
      .replace('<!--forecourt:head-->', head)
      .replace('</head>', `${admin ? '' : preloads(request.url)}</head>`);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    reply.header('vary', [reply.getHeader('vary'), 'accept-encoding'].filter(Boolean).join(', '));
    // Negotiated, not matched: "gzip;q=0" refuses gzip; codings are case-insensitive (RFC 9110 §12.5.3).
    const accepts = String(request.headers['accept-encoding'] ?? '').toLowerCase();
    if (negotiate(accepts, ['gzip']) !== 'gzip') return reply.send(html);
    return reply.header('content-encoding', 'gzip').send(gzipped(html));
  };
  // The page is about 20 KB of text, mostly the inlined configuration: gzipped it is a fifth of that, a
  // difference a phone on a slow network feels before its first paint (issue 15). A page differs by origin,
  // admin and route only, so the few variants are compressed once each.
  const gzippedPages = new Map<string, Buffer>();
  const gzipped = (html: string) => {
    let body = gzippedPages.get(html);
    if (!body) {
      body = gzipSync(html);
      if (gzippedPages.size >= 100) gzippedPages.clear();
      gzippedPages.set(html, body);
    }
    return body;
  };

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    preCompressed: true,
    wildcard: false,
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app.get('/', render);
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (serverOwned(url)) return notFoundHere(request, reply);
    // A file that exists under dist (favicon, fonts) is served as is; anything else is a page.
    const file = path.join(webDist, path.normalize(url));
    if (file.startsWith(webDist) && url !== '/' && existsSync(file) && !file.endsWith('index.html')) {
      return reply.sendFile(path.relative(webDist, file));
    }
    return render(request, reply);
  });
}

/** Paths the server owns (API, identity provider, sandbox providers): an unknown one is a 404, never the app. */
function serverOwned(url: string): boolean {
  return ['/api/', '/auth/', '/sandbox/'].some((prefix) => url.startsWith(prefix));
}

function notFoundHere(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0] ?? '/';
  return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${url}` });
}
