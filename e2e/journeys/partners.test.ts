import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shootBoth, useBrowser } from '../support/browser.ts';
import { useOwnServer } from '../support/own-server.ts';
import { pageApi, signInAtIdp } from './checkout-steps.ts';

/**
 * Partner webhooks end to end (issue 31, ADR 362): staff add the partner's endpoint at /admin/partners and copy
 * its secret, shown once; a claim moved on reaches the partner's receiver (on this machine) signed with that
 * secret, within seconds; the endpoint's delivery log shows it delivered.
 */
const browser = useBrowser();
/** Its own server: the partner's receiver is on loopback, which only PARTNER_WEBHOOKS_ALLOW_PRIVATE permits. */
const server = useOwnServer({ env: { PARTNER_WEBHOOKS_ALLOW_PRIVATE: 'true' } });

const received: { type: string; verified: boolean; body: string; signature: string }[] = [];
let secret = '';
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    const signature = String(req.headers['forecourt-signature'] ?? '');
    // The guide's verification (docs/partner-guide/webhooks.md).
    const { t, v1 } = Object.fromEntries(signature.split(',').map((p) => p.split('=', 2)));
    const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
    const verified =
      Boolean(v1) && expected.length === v1?.length && timingSafeEqual(expected, Buffer.from(v1));
    received.push({ type: (JSON.parse(body) as { type: string }).type, verified, body, signature });
    res.writeHead(verified ? 204 : 400).end();
  });
});
let receiverUrl = '';
beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/forecourt-hooks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((r) => receiver.close(() => r()));
});

describe('partner webhooks (issue 31 part 1)', () => {
  it('staff add an endpoint, see its secret once, and a claim moved on reaches the partner signed', async () => {
    const admin = await browser.newPage({ width: 1280, baseUrl: server.baseUrl });
    admin.setDefaultTimeout(15_000);
    await admin.goto('/admin');
    await admin.getByTestId('admin-sign-in').click();
    await signInAtIdp(admin, 'admin@forecourt.example', server.baseUrl);
    await admin.getByTestId('admin-partners-link').click();
    await admin.waitForURL(/\/admin\/partners$/);
    await admin.getByText('No endpoint yet.').waitFor();

    const form = admin.getByTestId('partner-create');
    await form.getByRole('textbox', { name: /^URL/ }).fill(receiverUrl);
    await form.getByRole('textbox', { name: /contact e-mail/ }).fill('developers@partner.example');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    secret = (await admin.getByTestId('partner-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await admin.getByTestId('partner-endpoints').getByText(receiverUrl).waitFor();
    await shootBoth(admin, 'partners-secret-once');
    await admin.getByRole('button', { name: 'I have copied it' }).click();
    expect(await admin.getByTestId('partner-secret').count()).toBe(0);

    // A claim of the demo customer is moved on by claims staff: the partner hears of it.
    const queue = await pageApi<{ claimReference: string; status: string }[]>(
      admin,
      'GET',
      '/api/admin/claims',
    );
    const pending = queue.body.find((c) => c.status === 'pending');
    expect(pending).toBeTruthy();
    const moved = await pageApi(admin, 'POST', `/api/admin/claims/${pending?.claimReference}/transition`, {
      to: 'active',
      note: 'Engineer booked',
    });
    expect(moved.status).toBe(200);
    const deadline = Date.now() + 15_000;
    while (!received.some((r) => r.type === 'claim.updated') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const update = received.find((r) => r.type === 'claim.updated');
    expect(update?.verified, update?.signature).toBe(true);
    expect(JSON.parse(update?.body ?? '{}').data).toMatchObject({
      claimReference: pending?.claimReference,
      status: 'active',
    });

    await admin.getByRole('button', { name: 'Deliveries' }).click();
    const log = admin.getByTestId('partner-deliveries');
    const row = log.locator('tr', { hasText: 'claim.updated' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Delivered');
    expect(await row.textContent()).toContain('204');
    await shootBoth(admin, 'partners-deliveries');
    await admin.close();
  });
});
