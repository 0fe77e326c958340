import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shootBoth, useBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { pageApi, signInAtIdp } from './checkout-steps.ts';

const browser = useBrowser();
/**
 * A server of its own, seeded on start: on the shared one the other journeys have already spent the demo
 * customer's sign-in codes (5 per address per 15 minutes).
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** A small real PDF and a PNG one byte over the 10 MB limit, made here. */
const letter = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const oversized = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(10_485_761 - 8)]);

/** The demo customer signed in, past the arrears reminder home shows once a session. */
async function signInAsDemo(page: Page) {
  await page.goto('/sign-in');
  await signInAtIdp(page, 'demo@forecourt.example', server.baseUrl);
  await page.waitForURL((url) => url.pathname === '/');
  const reminder = page.getByRole('dialog', { name: 'You have a payment to make' });
  await reminder
    .getByRole('button', { name: 'Later' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
}

describe('uploads (issue 13 item 6)', () => {
  it('a proof of no-claims bonus is sent, an oversized file shown refused, then the confirmation', async () => {
    const page = await browser.newPage({ width: 1280, baseUrl: server.baseUrl });
    await signInAsDemo(page);
    type Held = { policyId: string; currentPolicyVersion: { quote: { vrn?: string } } };
    const { body } = await pageApi<Held[] | { items: Held[] }>(page, 'GET', '/api/policies');
    const held = Array.isArray(body) ? body : body.items;
    // The seeded card policy (demo scenario 'ncd-proof-sent' already sent one proof for it).
    const policy = held.find((p) => p.currentPolicyVersion.quote.vrn === 'VW19GLF');
    expect(policy).toBeTruthy();
    const root = `/car-insurance/policy/${policy?.policyId}`;
    await page.goto(root);
    await page.getByRole('link', { name: 'Send us a document' }).click();
    await page.waitForURL((url) => url.pathname === `${root}/uploads`);
    await page.getByTestId('upload-form').waitFor();
    expect(await page.getByTestId('upload-submission').first().textContent()).toContain(
      'no-claims-bonus-letter.pdf',
    );
    expect(await page.getByRole('combobox', { name: /What are you sending/ }).inputValue()).toBe('NCD_PROOF');

    await page.getByTestId('upload-input').setInputFiles([
      { name: 'ncd-proof.pdf', mimeType: 'application/pdf', buffer: letter },
      { name: 'phone-photo.png', mimeType: 'image/png', buffer: oversized },
    ]);
    const row = (name: string) => page.getByTestId('upload-file').filter({ hasText: name });
    await row('ncd-proof.pdf')
      .getByText(/Ready to send/)
      .waitFor();
    expect(await row('phone-photo.png').textContent()).toContain('Not sent: larger than 10.0 MB');
    expect(await page.getByText('One file was not accepted').isVisible()).toBe(true);
    await page
      .getByRole('textbox', { name: /Anything you would like to add/ })
      .fill('Renewal letter, 5 years');
    await shootBoth(page, 'uploads-staged');

    await page.getByRole('button', { name: 'Send 1 file' }).click();
    await page.waitForURL((url) => url.pathname === `${root}/uploads/confirm`);
    const done = page.getByTestId('upload-confirmation');
    await done.waitFor();
    expect(await done.textContent()).toMatch(
      /Thank you, we have your documents.*Proof of no-claims bonus.*ncd-proof\.pdf.*Renewal letter, 5 years/,
    );
    await shootBoth(page, 'uploads-confirmation');
  });
});
