import { quoteDocumentPath } from '@forecourt/contracts/documents';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app.ts';
import { completeData, visitor } from './proposals-helpers.ts';

/** Every '/documents/…' path in a JSON value (brand links, texts, anything the config carries). */
function documentPaths(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    for (const m of value.matchAll(/\/documents\/[A-Za-z0-9._%/-]+\.html/g)) out.add(m[0]);
  } else if (Array.isArray(value)) {
    for (const v of value) documentPaths(v, out);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) documentPaths(v, out);
  }
  return out;
}

describe.each(['forecourt', 'motorhub'])('every document link of the %s brand resolves', (brand) => {
  it('the brand config links and every quote document of every scheme are HTML pages', async () => {
    const t = await createTestApp({ env: { BRAND: brand } });
    try {
      const config = (await t.app.inject({ url: '/api/config' })).json();
      const links = documentPaths(config);
      expect(links.size).toBeGreaterThan(0);
      const v = await visitor(t.app);
      for (const scheme of config.schemes.filter((s: { disabled: boolean }) => !s.disabled)) {
        const created = await v.call('POST', '/api/proposals', {
          schemeCode: scheme.schemeCode,
          data: completeData(),
        });
        expect(created.statusCode).toBe(201);
        const code = created.json().proposalCode as string;
        const rated = await v.call('PATCH', `/api/proposals/${code}`, { changes: [], applyRating: true });
        const quote = rated.json().quote;
        expect(quote).toBeTruthy();
        for (const id of config.productConfig.quoteDocuments as string[])
          links.add(quoteDocumentPath(quote, id));
        // the summary's agreements list
        for (const id of ['ipid', 'policy-wording', 'business-terms'])
          links.add(quoteDocumentPath(quote, id));
      }
      for (const link of links) {
        const res = await t.app.inject({ url: link });
        expect({ link, status: res.statusCode }).toEqual({ link, status: 200 });
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      }
    } finally {
      await t.close();
    }
  });
});

describe('an old quote link to a wording-independent document', () => {
  it('/documents/FC-2026-1/forecourt-underwriting.business-terms.html is the terms of business', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        url: '/documents/FC-2026-1/forecourt-underwriting.business-terms.html',
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Terms of business');
    } finally {
      await t.close();
    }
  });
});
