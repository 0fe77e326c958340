import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOutbox, enqueue } from '../src/lib/outbox.ts';
import { ownerOf, settleFirstPaymentWithCard } from './checkout-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

/** A verified quote paid by a settled payment with a card on file, bound through the API. */
async function boundPolicy() {
  const v = await visitor(t.app);
  const { code } = await ratedProposal(v);
  await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`);
  await settleFirstPaymentWithCard(t, v, code, await ownerOf(t, code));
  const bound = await v.call('POST', `/api/proposals/${code}/bind`);
  expect(bound.statusCode).toBe(200);
  return bound.json() as { policyId: string; policyNumber: string };
}

/** The MIME parts of a rendered multipart message (nodemailer's output), with base64 bodies decoded. */
function mimeParts(raw: string) {
  const boundary = /boundary="([^"]+)"/.exec(raw)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head = '', ...rest] = part.replace(/^\n/, '').split('\n\n');
      const body = rest.join('\n\n');
      const base64 = /Content-Transfer-Encoding: base64/i.test(head);
      const qp = /Content-Transfer-Encoding: quoted-printable/i.test(head);
      return {
        head,
        contentType: /Content-Type: ([^;\n]+)/i.exec(head)?.[1],
        filename: /filename="?([^"\n;]+)/i.exec(head)?.[1],
        content: base64
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
          : Buffer.from(qp ? body.replace(/=\n/g, '') : body),
      };
    });
}

const mailOf = async (policyNumber: string) =>
  (
    await rows(t, "SELECT id, status, rendered FROM outbox WHERE channel = 'email' AND subject LIKE $1", [
      `%${policyNumber}`,
    ])
  )[0];

describe('confirmation e-mail', () => {
  it('carries the certificate and schedule PDFs as attachments', async () => {
    const { policyNumber } = await boundPolicy();
    const { mail, storage } = t.app.services.providers;
    await dispatchOutbox(t.app.services.db, mail, t.clock.now(), storage);
    const row = await mailOf(policyNumber);
    expect(row?.status).toBe('sent');
    const raw = String(row?.rendered);
    expect(raw).toContain(`Subject: You're covered: policy ${policyNumber}`);
    const parts = mimeParts(raw);
    expect(parts.find((p) => p.contentType === 'text/plain')?.content.toString()).toContain(
      'policy schedule are attached',
    );
    const attachments = parts.filter((p) => /Content-Disposition: attachment/i.test(p.head));
    const files = attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      pdf: a.content.subarray(0, 5).toString('latin1'),
    }));
    expect(files).toEqual([
      { filename: `certificate-${policyNumber}.pdf`, contentType: 'application/pdf', pdf: '%PDF-' },
      { filename: `schedule-${policyNumber}.pdf`, contentType: 'application/pdf', pdf: '%PDF-' },
    ]);
    expect(attachments[0]?.content.toString('latin1')).toContain('%%EOF');
    expect(attachments[0]?.content.length).toBeGreaterThan(2000);
  });

  it('waits in the outbox while the documents are not generated yet', async () => {
    const { policyId, policyNumber } = await boundPolicy();
    await t.database.query(
      'DELETE FROM policy_documents WHERE policy_version_id IN (SELECT id FROM policy_versions WHERE policy_id = $1)',
      [policyId],
    );
    const { mail, storage } = t.app.services.providers;
    const missing = { ...storage, get: async () => null };
    const first = await dispatchOutbox(t.app.services.db, mail, t.clock.now(), missing);
    expect(first.waiting).toBeGreaterThanOrEqual(1);
    expect((await mailOf(policyNumber))?.status).toBe('pending');
    await dispatchOutbox(t.app.services.db, mail, t.clock.now(), storage);
    expect((await mailOf(policyNumber))?.status).toBe('sent');
  });

  it('e-mails waiting for their files do not hold up other messages', async () => {
    const { db } = t.app.services;
    const { mail, storage } = t.app.services.providers;
    const attachments = [{ filename: 'x.pdf', storageKey: 'missing/x.pdf', contentType: 'application/pdf' }];
    for (let i = 0; i < 55; i++)
      await enqueue(db, {
        channel: 'email',
        recipient: `wait${i}@example.com`,
        body: 'x',
        payload: { attachments },
      });
    await enqueue(db, {
      channel: 'email',
      recipient: 'code@example.com',
      subject: 'Your code',
      body: '123456',
    });
    await dispatchOutbox(db, mail, t.clock.now(), storage);
    const [code] = await rows(t, "SELECT status FROM outbox WHERE recipient = 'code@example.com'");
    expect(code?.status).toBe('sent');
    const [waiting] = await rows(t, "SELECT status FROM outbox WHERE recipient = 'wait0@example.com'");
    expect(waiting?.status).toBe('pending');
  });
});
