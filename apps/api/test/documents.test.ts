import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePolicyDocuments } from '../src/modules/documents/generate-policy-documents.ts';
import { insertPolicy, sampleDocumentInput } from './documents-fixture.ts';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';
import { movableClock } from './payments-helpers.ts';

let t: TestApp;
const clock = movableClock();
const dataDir = mkdtempSync(path.join(tmpdir(), 'forecourt-docs-'));
beforeAll(async () => {
  t = await createTestApp({ clock, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function owner() {
  const token = await anonymousToken(t.app);
  return { token, partyId: decodeJwt(token).sub as string };
}

const get = (url: string, token?: string, accept?: string) =>
  t.app.inject({
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(accept ? { accept } : {}) },
  });

/** The text of a PDF, as poppler reads it. */
function pdfText(body: Buffer): string {
  const file = path.join(dataDir, `check-${Date.now()}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', [file, '-']).toString('utf8').replace(/\s+/g, ' ');
}

describe('policy documents', () => {
  it("says 'being generated' until the documents exist, then serves the certificate and schedule PDFs", async () => {
    const me = await owner();
    const { policyId, versionId, policyNumber } = await insertPolicy(t.app.services, me.partyId);
    const early = await get(`/api/documents/policy/${policyId}/policy-certificate`, me.token);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toMatchObject({
      code: 'DOCUMENT_NOT_READY',
      message: 'Your document is being generated. Please retry in a few minutes.',
    });

    await generatePolicyDocuments(t.app.services, versionId);

    const certificate = await get(`/api/documents/policy/${policyId}/policy-certificate`, me.token);
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers['content-type']).toBe('application/pdf');
    // Personal documents are never kept by a shared cache or the browser's (ASVS V8).
    expect(certificate.headers['cache-control']).toBe('private, no-store');
    expect(certificate.headers['content-disposition']).toContain(
      `${policyNumber}-certificate-of-motor-insurance`,
    );
    const certText = pdfText(certificate.rawPayload);
    for (const expected of [
      'Certificate of Motor Insurance',
      'AB12 CDE',
      'Ms Samantha Driver',
      '00:00 on 1 December 2026',
      '23:59 on 30 November 2027',
      'Alex Driver',
      'one permanent place of work',
      'Harbour Mutual Insurance Company Limited',
    ]) {
      expect(certText).toContain(expected);
    }

    const schedule = await get(`/api/documents/policy/${policyId}/policy-schedule`, me.token);
    expect(schedule.statusCode).toBe(200);
    const text = pdfText(schedule.rawPayload);
    for (const expected of [
      `Policy number ${policyNumber}`,
      'Volkswagen Golf 1.5 TSI Life 5dr',
      'Insurance Premium Tax at 12%',
      '£6.59',
      '£61.50',
      '£350.00',
      'No claims bonus protection',
      'AB12 CDE',
      'DRVEXC_YOUNG',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('ncb protection');
  });

  it("is a plain 404 for another party's policy and a 401 without a session", async () => {
    const me = await owner();
    const { policyId, versionId } = await insertPolicy(t.app.services, me.partyId);
    await generatePolicyDocuments(t.app.services, versionId);
    const stranger = await owner();
    const res = await get(`/api/documents/policy/${policyId}/policy-certificate`, stranger.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await get(`/api/documents/policy/${policyId}/policy-certificate`)).statusCode).toBe(401);
  });

  it('answers 400 for an unknown document or policy id', async () => {
    const me = await owner();
    const res = await get('/api/documents/policy/not-a-uuid/policy-wording', me.token);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['doc', 'id']);
  });

  it('gives a signed link that works until it expires and not when tampered with', async () => {
    const me = await owner();
    const { policyId, versionId } = await insertPolicy(t.app.services, me.partyId);
    await generatePolicyDocuments(t.app.services, versionId);
    const res = await get(`/api/documents/policy/${policyId}/policy-schedule`, me.token, 'application/json');
    expect(res.statusCode).toBe(200);
    const link = new URL(res.json().url);
    expect(link.pathname).toBe(`/api/storage/policies/${policyId}/v1/policy-schedule.pdf`);
    const ok = await get(link.pathname + link.search);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const tampered = await get(`${link.pathname.replace('schedule', 'certificate')}${link.search}`);
    expect(tampered.statusCode).toBe(404);
    clock.advance(16 * 60 * 1000);
    expect((await get(link.pathname + link.search)).statusCode).toBe(404);
  });
});

describe('static documents', () => {
  it.each([
    ['/documents/FC-2026-1/forecourt-underwriting.ipid.html', 'Insurance Product Information Document'],
    ['/documents/FC-2026-1/forecourt-underwriting.policy-wording.html', 'Liability to others'],
    ['/documents/static/business-terms.html', 'Terms of business'],
    ['/documents/static/privacy-policy.html', 'Privacy policy'],
  ])('serves %s', async (url, heading) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(heading);
  });

  it.each([
    '/documents/FC-2026-1/XYZ.ipid.html',
    '/documents/..%2F..%2Fapps/package.json',
    '/documents/FC-2026-1/..%2Fstatic%2Fcomplaints.html',
  ])('has nothing at %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
  });
});

describe('documents of every policy version', () => {
  it('serves the certificate of an earlier version by ?version=N; a version the policy lacks is a 404', async () => {
    const me = await owner();
    const { policyId, versionId, policyNumber } = await insertPolicy(
      t.app.services,
      me.partyId,
      new Date(clock.now().getTime() - 86_400_000),
    );
    const v2 = randomUUID();
    await t.app.services.database.query(
      `INSERT INTO policy_versions (id, policy_id, version_number, started_at, document_input)
       VALUES ($1, $2, 2, $3, $4)`,
      [
        v2,
        policyId,
        new Date(clock.now().getTime() - 3_600_000).toISOString(),
        JSON.stringify({ ...sampleDocumentInput(policyId, policyNumber), versionNumber: 2 }),
      ],
    );
    await generatePolicyDocuments(t.app.services, versionId);
    await generatePolicyDocuments(t.app.services, v2);
    const link = async (query: string) => {
      const res = await get(
        `/api/documents/policy/${policyId}/policy-certificate${query}`,
        me.token,
        'application/json',
      );
      expect(res.statusCode).toBe(200);
      return new URL(res.json().url).pathname;
    };
    expect(await link('')).toBe(`/api/storage/policies/${policyId}/v2/policy-certificate.pdf`);
    expect(await link('?version=1')).toBe(`/api/storage/policies/${policyId}/v1/policy-certificate.pdf`);
    const pdf = await get(`/api/documents/policy/${policyId}/policy-schedule?version=1`, me.token);
    expect(pdf.headers['content-disposition']).toContain(`${policyNumber}-policy-schedule-v1.pdf`);
    const missing = await get(`/api/documents/policy/${policyId}/policy-certificate?version=3`, me.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    const bad = await get(`/api/documents/policy/${policyId}/policy-certificate?version=0`, me.token);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(['version']);
    const stranger = await owner();
    expect(
      (await get(`/api/documents/policy/${policyId}/policy-certificate?version=1`, stranger.token))
        .statusCode,
    ).toBe(404);
  });
});
