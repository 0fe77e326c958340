import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, customerWithPolicy, staff, tampered } from './claims-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { type multipart, pdf, png, staging } from './uploads-helpers.ts';

let t: ListeningApp;
let alice: Awaited<ReturnType<typeof customerWithPolicy>>;
let bob: Awaited<ReturnType<typeof customerWithPolicy>>;
let helpdesk: string;
beforeAll(async () => {
  t = await listeningApp();
  alice = await customerWithPolicy(t, 'alice.uploads@example.com');
  bob = await customerWithPolicy(t, 'bob.uploads@example.com');
  helpdesk = await staff(t, 'helpdesk.uploads@forecourt.example', ['access:impersonate']);
}, 90_000);
afterAll(async () => t.close());

const stage = (headers: Record<string, string>, policyId: string, files: Parameters<typeof multipart>[0]) =>
  staging(t, headers, policyId, files);

describe('POST /api/documents/upload/stage/{id} and commit', () => {
  it('keeps real files, lists each refused one with its reason, commits them and lets the owner read them', async () => {
    const res = await stage(alice.headers, alice.policyId, [
      { name: 'ncd-letter.pdf', body: pdf },
      { name: 'renewal-notice.png', body: png },
      { name: 'photo.png', body: Buffer.from('just some text pretending to be a picture') },
      { name: 'huge.png', body: Buffer.concat([png, Buffer.alloc(10_485_760 - png.length + 1)]) },
      { name: 'notes.txt', body: Buffer.from('hello') },
      { name: 'empty.pdf', body: Buffer.alloc(0) },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().staged.map((f: { fileName: string }) => f.fileName)).toEqual([
      'ncd-letter.pdf',
      'renewal-notice.png',
    ]);
    expect(res.json().rejected).toEqual([
      { fileName: 'photo.png', reason: 'wrong-type' },
      { fileName: 'huge.png', reason: 'too-large' },
      { fileName: 'notes.txt', reason: 'wrong-type' },
      { fileName: 'empty.pdf', reason: 'unknown' },
    ]);
    // Exactly the limit is fine.
    const limit = Buffer.concat([png, Buffer.alloc(10_485_760 - png.length)]);
    const atLimit = await stage(alice.headers, alice.policyId, [{ name: 'at-limit.png', body: limit }]);
    expect(atLimit.json().staged[0]).toMatchObject({ fileName: 'at-limit.png', sizeBytes: 10_485_760 });

    const commit = await alice.call('POST', `/api/documents/upload/commit/${alice.policyId}`, {
      fileNames: ['ncd-letter.pdf', 'renewal-notice.png'],
      comment: 'My no-claims letter from Other Mutual',
      purpose: 'NCD_PROOF',
    });
    expect(commit.statusCode).toBe(201);
    expect(commit.json()).toMatchObject({
      purpose: 'NCD_PROOF',
      comment: 'My no-claims letter from Other Mutual',
      committedBy: 'customer',
      files: [
        { fileName: 'ncd-letter.pdf', contentType: 'application/pdf', sizeBytes: pdf.length },
        { fileName: 'renewal-notice.png', contentType: 'image/png', sizeBytes: png.length },
      ],
    });

    const list = (await alice.call('GET', `/api/documents/upload/${alice.policyId}`)).json();
    expect(list.limits).toMatchObject({ maxFiles: 5, maxBytes: 10_485_760 });
    expect(list.limits.purposes[0]).toBe('NCD_PROOF');
    expect(list.staged.map((f: { fileName: string }) => f.fileName)).toEqual(['at-limit.png']);
    expect(list.submissions).toHaveLength(1);
    const file = list.submissions[0].files[0];
    const body = await alice.call('GET', `/api/documents/upload/${alice.policyId}/files/${file.id}`);
    expect(body.statusCode).toBe(200);
    expect(body.headers['content-type']).toBe('application/pdf');
    expect(body.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses files beyond the configured number as too many, counting the ones already staged', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `page-${i + 1}.png`, body: png }));
    const res = (await stage(bob.headers, bob.policyId, six)).json();
    expect(res.staged).toHaveLength(5);
    expect(res.rejected).toEqual([{ fileName: 'page-6.png', reason: 'too-many' }]);
    const more = (await stage(bob.headers, bob.policyId, [{ name: 'page-7.pdf', body: pdf }])).json();
    expect(more.rejected).toEqual([{ fileName: 'page-7.pdf', reason: 'too-many' }]);
    // Staging a name again replaces it rather than counting twice.
    const again = (await stage(bob.headers, bob.policyId, [{ name: 'page-1.png', body: pdf }])).json();
    expect(again.rejected).toEqual([{ fileName: 'page-1.png', reason: 'wrong-type' }]);
    const replaced = (await stage(bob.headers, bob.policyId, [{ name: 'page-1.png', body: png }])).json();
    expect(replaced.staged).toHaveLength(1);
    expect((await bob.call('GET', `/api/documents/upload/${bob.policyId}`)).json().staged).toHaveLength(5);
    const tooMany = await bob.call('POST', `/api/documents/upload/commit/${bob.policyId}`, {
      fileNames: ['a.png', 'b.png', 'c.png', 'd.png', 'e.png', 'f.png'],
      purpose: 'OTHER',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors).toHaveProperty('fileNames');
  });

  it("answers 404 for another customer's policy, 401 without or with a bad token, 403 for staff not acting for a customer", async () => {
    const list = (await alice.call('GET', `/api/documents/upload/${alice.policyId}`)).json();
    const fileId = list.submissions[0].files[0].id;
    const paths = [
      ['GET', `/api/documents/upload/${alice.policyId}`],
      ['GET', `/api/documents/upload/${alice.policyId}/files/${fileId}`],
      ['POST', `/api/documents/upload/commit/${alice.policyId}`],
    ] as const;
    const commitBody = { fileNames: ['at-limit.png'], purpose: 'OTHER' };
    for (const [method, url] of paths) {
      const body = method === 'POST' ? commitBody : undefined;
      expect((await bob.call(method, url, body)).statusCode, url).toBe(404);
      expect((await caller(t, undefined).call(method, url, body)).statusCode, url).toBe(401);
      expect((await caller(t, tampered(alice.token)).call(method, url, body)).statusCode, url).toBe(401);
      expect((await caller(t, helpdesk).call(method, url, body)).statusCode, url).toBe(403);
    }
    const files = [{ name: 'x.png', body: png }];
    expect((await stage(bob.headers, alice.policyId, files)).statusCode).toBe(404);
    expect((await stage({}, alice.policyId, files)).statusCode).toBe(401);
    expect((await stage({ authorization: `Bearer ${helpdesk}` }, alice.policyId, files)).statusCode).toBe(
      403,
    );
    const [count] = await rows(t, 'SELECT count(*)::int AS n FROM upload_files WHERE policy_id = $1', [
      alice.policyId,
    ]);
    expect(count?.n).toBe(3);
  });

  it("lets staff acting for the customer see the uploads on the customer's policy and send for them", async () => {
    const desk = caller(t, helpdesk, alice.partyId);
    const list = await desk.call('GET', `/api/documents/upload/${alice.policyId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().submissions[0].comment).toBe('My no-claims letter from Other Mutual');
    const commit = await desk.call('POST', `/api/documents/upload/commit/${alice.policyId}`, {
      fileNames: ['at-limit.png'],
      purpose: 'DRIVING_LICENCE',
    });
    expect(commit.statusCode).toBe(201);
    expect(commit.json()).toMatchObject({ committedBy: 'staff', comment: null });
  });

  it('answers 400 with field errors for bad input and changes nothing', async () => {
    await stage(alice.headers, alice.policyId, [{ name: 'licence.pdf', body: pdf }]);
    const url = `/api/documents/upload/commit/${alice.policyId}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ fileNames: [], purpose: 'NCD_PROOF' }, 'fileNames'],
      [{ fileNames: 'licence.pdf', purpose: 'NCD_PROOF' }, 'fileNames'],
      [{ fileNames: ['licence.pdf'], purpose: 'LOVE_LETTER' }, 'purpose'],
      [{ fileNames: ['licence.pdf'] }, 'purpose'],
      [{ fileNames: ['licence.pdf'], purpose: 'OTHER', comment: 'a\u0000b' }, 'comment'],
      [{ fileNames: ['licence.pdf'], purpose: 'OTHER', comment: 'x'.repeat(100_000) }, 'comment'],
      [{ fileNames: ['lic\u0000ence.pdf'], purpose: 'OTHER' }, 'fileNames.0'],
      [{ fileNames: ['../../etc/passwd'], purpose: 'OTHER' }, 'fileNames.0'],
      [{ fileNames: ['not-staged.pdf'], purpose: 'OTHER' }, 'fileNames'],
    ];
    for (const [body, field] of cases) {
      const res = await alice.call('POST', url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), JSON.stringify(body).slice(0, 60)).toContain(field);
    }
    expect(
      (await alice.call('POST', url.replace(alice.policyId, 'not-a-uuid'), cases[0]![0])).statusCode,
    ).toBe(400);
    // A stage call that is not multipart, or holds no file, is a 400; a file name with NUL is refused by name.
    const json = await alice.call('POST', `/api/documents/upload/stage/${alice.policyId}`, { file: 'x' });
    expect(json.statusCode).toBe(400);
    const none = await stage(alice.headers, alice.policyId, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toHaveProperty('file');
    const nul = await stage(alice.headers, alice.policyId, [{ name: 'a\u0000b.png', body: png }]);
    expect(nul.json()).toEqual({ staged: [], rejected: [{ fileName: 'a?b.png', reason: 'unknown' }] });
    const list = (await alice.call('GET', `/api/documents/upload/${alice.policyId}`)).json();
    expect(list.staged.map((f: { fileName: string }) => f.fileName)).toEqual(['licence.pdf']);
    expect(list.submissions).toHaveLength(2);
  });

  it('a huge file is refused as too large without holding up the request', async () => {
    const huge = Buffer.concat([pdf, Buffer.alloc(30 * 1024 * 1024)]);
    const res = await stage(alice.headers, alice.policyId, [
      { name: 'scan.pdf', body: huge },
      { name: 'small.pdf', body: pdf },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().rejected).toEqual([{ fileName: 'scan.pdf', reason: 'too-large' }]);
    expect(res.json().staged.map((f: { fileName: string }) => f.fileName)).toEqual(['small.pdf']);
  });

  it('commits once when sent twice at once, and a retry with the same key answers the same submission', async () => {
    const url = `/api/documents/upload/commit/${alice.policyId}`;
    const body = { fileNames: ['licence.pdf', 'small.pdf'], purpose: 'NCD_PROOF' };
    const [a, b] = await Promise.all([alice.call('POST', url, body), alice.call('POST', url, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const [n] = await rows(
      t,
      'SELECT count(DISTINCT submission_id)::int AS n FROM upload_files WHERE file_name = $1',
      ['small.pdf'],
    );
    expect(n?.n).toBe(1);

    await stage(alice.headers, alice.policyId, [{ name: 'retry.png', body: png }]);
    const key = { 'idempotency-key': 'upload-commit-retry-1' };
    const retryBody = { fileNames: ['retry.png'], purpose: 'OTHER' };
    const first = await alice.call('POST', url, retryBody, key);
    const again = await alice.call('POST', url, retryBody, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);

    // Two stage calls of the same name at once leave one staged file of that name.
    await Promise.all([
      stage(alice.headers, alice.policyId, [{ name: 'twice.png', body: png }]),
      stage(alice.headers, alice.policyId, [{ name: 'twice.png', body: png }]),
    ]);
    const staged = (await alice.call('GET', `/api/documents/upload/${alice.policyId}`)).json().staged;
    expect(staged.map((f: { fileName: string }) => f.fileName)).toEqual(['twice.png']);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/documents/upload/stage/{id}']).toHaveProperty('post');
    expect(doc.paths['/api/documents/upload/commit/{id}']).toHaveProperty('post');
    expect(doc.paths['/api/documents/upload/{id}']).toHaveProperty('get');
  });
});
