import { rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { tinyWebBuild } from './helpers/web-build.ts';

// A web build of a few chunks (WEB_DIST): index.html's own script and a shared chunk, the quote
// page's chunk, and the proposal page's chunk keyed by its name as Vite writes a chunk without a facade module.
const webDist = tinyWebBuild({
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_forms-1.js': { file: 'assets/forms-1.js', imports: ['_shared-1.js'] },
  'src/features/quote/pages/create-quote-page.tsx': {
    file: 'assets/create-quote-page-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_forms-1.js'],
  },
  'src/lib/i18n/journey-texts.ts': { file: 'assets/journey-texts-1.js', isDynamicEntry: true },
  '_proposal-page-1.js': {
    file: 'assets/proposal-page-1.js',
    name: 'proposal-page',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  'src/features/quote/pages/before-we-begin-page.tsx': {
    file: 'assets/before-we-begin-page-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_forms-1.js', '_card-1.js'],
    css: ['assets/before-we-begin-page-1.css'],
  },
  '_card-1.js': { file: 'assets/card-1.js', css: ['assets/card-1.css'] },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const preloadedStyles = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="style" href="([^"]+)">/g)].map((m) => m[1]);

describe('index.html preloads the lazy chunks of the page asked for (issue 15)', () => {
  it('the quote journey’s first page: its page, its forms, its texts and the page it moves on to, not what index.html loads', async () => {
    const res = await t.app.inject({ url: '/car-insurance?utm_source=partner' });
    expect(res.statusCode).toBe(200);
    expect(preloaded(res.body)).toEqual([
      '/assets/create-quote-page-1.js',
      '/assets/forms-1.js',
      '/assets/journey-texts-1.js',
      '/assets/proposal-page-1.js',
      '/assets/before-we-begin-page-1.js',
      '/assets/card-1.js',
    ]);
    // Their stylesheets too (issue 29): Vite's loader waits for a lazy chunk's CSS before its page renders.
    expect(preloadedStyles(res.body)).toEqual(['/assets/card-1.css', '/assets/before-we-begin-page-1.css']);
  });

  it('after the head the template had (index.html’s own script and stylesheet come first)', async () => {
    const html = (await t.app.inject({ url: '/car-insurance' })).body;
    expect(html.indexOf('<link rel="modulepreload"')).toBeGreaterThan(html.indexOf('id="forecourt-config"'));
    expect(html).toMatch(/<link rel="modulepreload"[\s\S]*<\/head>/);
  });

  it('a proposal’s pages: the proposal page’s chunk, found by its name', async () => {
    const res = await t.app.inject({ url: '/car-insurance/proposal/prp_abc/checkout' });
    expect(preloaded(res.body)).toEqual(['/assets/proposal-page-1.js', '/assets/journey-texts-1.js']);
  });

  it('nothing on home, on other pages, for another product name or for the admin app', async () => {
    for (const url of ['/', '/policies/abc', '/van-insurance', '/car-insurance-extra', '/admin']) {
      const html = (await t.app.inject({ url })).body;
      expect(preloaded(html), url).toEqual([]);
      expect(preloadedStyles(html), url).toEqual([]);
    }
  });
});

describe('the configuration inlined in index.html', () => {
  it('is the public configuration GET /api/config answers: the rating tables never reach the browser', async () => {
    const page = await t.app.inject({ url: '/' });
    const inline = /<script type="application\/json" id="forecourt-config">(.*?)<\/script>/s.exec(
      page.body,
    )?.[1];
    expect(inline).toBeDefined();
    const config = JSON.parse(inline ?? '{}');
    expect(config).not.toHaveProperty('rating');
    const api = (await t.app.inject({ url: '/api/config' })).json();
    expect(api).not.toHaveProperty('rating');
    expect(config).toEqual({ ...api, basename: '/' });
  });
});

describe('index.html over the wire', () => {
  it('is gzipped for a browser that accepts it, the same page once unzipped, and varies by encoding', async () => {
    const plain = await t.app.inject({ url: '/car-insurance' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await t.app.inject({
      url: '/car-insurance',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.headers.vary)).toMatch(/accept-encoding/);
    expect(String(zipped.headers.vary)).toMatch(/Host/);
    expect(zipped.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('is sent plain to a browser that refuses gzip or names only other encodings', async () => {
    for (const accept of ['gzip;q=0', 'gzip;q=0, br', 'identity', 'br', 'GZIPX'])
      expect(
        (await t.app.inject({ url: '/', headers: { 'accept-encoding': accept } })).headers[
          'content-encoding'
        ],
        accept,
      ).toBeUndefined();
    for (const accept of ['*', 'br;q=1, gzip;q=0.5', 'GZIP'])
      expect(
        (await t.app.inject({ url: '/', headers: { 'accept-encoding': accept } })).headers[
          'content-encoding'
        ],
        accept,
      ).toBe('gzip');
  });
});
