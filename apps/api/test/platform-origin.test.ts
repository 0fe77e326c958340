import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { generatePolicyDocuments } from '../src/modules/documents/generate-policy-documents.ts';
import { createCustomerPayment } from '../src/modules/payments/create-customer-payment.ts';
import { insertPolicy } from './documents-fixture.ts';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';
import { tinyWebBuild } from './helpers/web-build.ts';
import { type ListeningApp, listeningApp, rows, session } from './payments-helpers.ts';

// index.html is rendered from the built web app: give this file a tiny one (WEB_DIST).
const webDist = tinyWebBuild();

const EVIL = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

let t: TestApp;
const dataDir = mkdtempSync(path.join(tmpdir(), 'forecourt-origin-'));
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir, WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function authorizeUrl(redirectUri: string) {
  const verifier = randomBytes(32).toString('base64url');
  return `/auth/auth?${new URLSearchParams({
    client_id: 'forecourt-web',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'state-1',
  })}`;
}

describe('X-Forwarded-Host from a client when TRUST_PROXY is off (ADR 127)', () => {
  it('does not make http://evil.example/callback an accepted redirect URI', async () => {
    const evil = await t.app.inject({
      url: authorizeUrl('http://evil.example/callback'),
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(evil.statusCode).toBe(400);
    expect(String(evil.headers.location ?? '')).not.toContain('/auth/interaction/');
    // The app's own callback still works with the same header: the header is simply ignored.
    const own = await t.app.inject({
      url: authorizeUrl('http://localhost/callback'),
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(own.statusCode).toBe(303);
    expect(String(own.headers.location)).toMatch(/^\/auth\/interaction\//);
  });

  it('does not change the issuer of discovery, nor any endpoint it names', async () => {
    for (const headers of [EVIL, { forwarded: 'host=evil.example;proto=https' }]) {
      const res = await t.app.inject({ url: '/auth/.well-known/openid-configuration', headers });
      const doc = res.json();
      expect(doc.issuer).toBe('http://localhost:80/auth');
      // Every URL in the document (issue 27 point 8), not only the issuer.
      for (const url of discoveryUrls(doc)) expect(url, url).toMatch(/^http:\/\/localhost(:80)?\/auth(\/|$)/);
    }
  });

  it('/api/config keeps the issuer and tells caches not to share it across hosts', async () => {
    const res = await t.app.inject({ url: '/api/config', headers: EVIL });
    expect(res.statusCode).toBe(200);
    expect(res.json().auth.issuer).toBe('http://localhost:80/auth');
    expect(res.headers['cache-control']).toContain('no-cache');
    expect(String(res.headers.vary)).toContain('X-Forwarded-Host');
  });

  it('index.html inlines the real issuer', async () => {
    const res = await t.app.inject({ url: '/', headers: EVIL });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="forecourt-config"');
    expect(res.body).toContain('"issuer":"http://localhost:80/auth"');
    expect(res.body).not.toContain('evil.example');
    expect(String(res.headers.vary)).toContain('Host');
  });

  it('signed document links keep the app origin', async () => {
    const token = await anonymousToken(t.app);
    const partyId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    const { policyId, versionId } = await insertPolicy(t.app.services, partyId);
    await generatePolicyDocuments(t.app.services, versionId);
    const res = await t.app.inject({
      url: `/api/documents/policy/${policyId}/policy-schedule`,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...EVIL },
    });
    expect(res.statusCode).toBe(200);
    expect(new URL(res.json().url).origin).toBe('http://localhost');
  });

  it('a made-up Host header cannot smuggle a path or a user into the origin', async () => {
    const res = await t.app.inject({ url: '/api/config', headers: { host: 'evil.example/x@y' } });
    expect(res.json().auth.issuer).toBe('http://localhost/auth');
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  it('the forwarded host and scheme are the origin', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const res = await proxied.app.inject({ url: '/api/config', headers: EVIL });
      expect(res.json().auth.issuer).toBe('https://evil.example/auth');
      const doc = (
        await proxied.app.inject({ url: '/auth/.well-known/openid-configuration', headers: EVIL })
      ).json();
      for (const url of discoveryUrls(doc)) expect(url, url).toMatch(/^https:\/\/evil\.example\/auth(\/|$)/);
    } finally {
      await proxied.close();
    }
  });
});

describe('with PUBLIC_URL set', () => {
  it('every endpoint of discovery is under it, whatever the request says', async () => {
    const pinned = await createTestApp({ env: { PUBLIC_URL: 'https://cover.example.co.uk' } });
    try {
      const headers = { ...EVIL, host: 'internal:8080' };
      const doc = (
        await pinned.app.inject({ url: '/auth/.well-known/openid-configuration', headers })
      ).json();
      expect(doc.issuer).toBe('https://cover.example.co.uk/auth');
      for (const url of discoveryUrls(doc))
        expect(url, url).toMatch(/^https:\/\/cover\.example\.co\.uk\/auth(\/|$)/);
    } finally {
      await pinned.close();
    }
  });
});

/** Every URL a discovery document names (at least the usual endpoints). */
function discoveryUrls(doc: unknown): string[] {
  const urls = JSON.stringify(doc).match(/https?:\/\/[^"]+/g) ?? [];
  expect(urls.length).toBeGreaterThan(5);
  return urls;
}

describe('sandbox webhooks', () => {
  let l: ListeningApp;
  beforeAll(async () => {
    l = await listeningApp();
  });
  afterAll(async () => l.close());

  it('go to the app itself, whatever X-Forwarded-Host says', async () => {
    const customer = await session(l.base);
    const payment = await createCustomerPayment(l.app.services, {
      partyId: customer.partyId,
      purpose: 'bind',
      reference: 'FC-ORIGIN-1',
      amountPence: 1000,
      payerDateOfBirth: '1985-06-15',
    });
    const res = await fetch(`${l.base}/api/stripe/checkout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${customer.token}`,
        'content-type': 'application/json',
        'x-forwarded-host': 'evil.example:9000',
      },
      body: JSON.stringify({
        paymentId: payment.id,
        successUrl: `${l.base}/car-insurance/proposal/P1/checkout/payment/callback?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${l.base}/car-insurance/proposal/P1/checkout`,
        lineItem: { name: 'Monthly car insurance', description: 'First month' },
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { sessionId: string; url: string };
    expect(new URL(body.url).origin).toBe(l.base);
    const [stored] = await rows(l, 'SELECT webhook_url FROM sandbox_card_sessions WHERE id = $1', [
      body.sessionId,
    ]);
    expect(stored).toEqual({ webhook_url: `${l.base}/api/stripe/webhooks` });
  });
});
