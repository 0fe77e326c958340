import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatLondon, todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import {
  confirmSummary,
  outboxBody,
  pageApi,
  pageToken,
  payOnHostedPage,
  configurationToSummary as toSummary,
} from './checkout-steps.ts';

/** Issue 10 "Shows that it is done": cover starts when it is bought; one price breakdown everywhere. */
const browser = useBrowser();
const scratch = mkdtempSync(path.join(tmpdir(), 'forecourt-e2e-price-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface PolicyRead {
  policyId: string;
  policyNumber: string;
  policyDetail: { inceptedAt: string; createdAt: string };
}

/** A newcomer's priced quote starting today, with a promotion code when given. */
async function quoteStartingToday(page: Page, promoCode?: string) {
  await page.goto('/');
  await page.waitForFunction(() => sessionStorage.getItem('forecourt.anonymousToken') !== null);
  const today = todayInLondon(new Date());
  const data = sampleProposalData(today);
  data.quote.startDate = today;
  const holder = data.profiles.find((p) => p.policyholder) ?? data.profiles[0];
  const email = `price.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  if (holder) (holder.data as Record<string, unknown>).email = email;
  const created = await pageApi<{ proposalCode: string }>(page, 'POST', '/api/proposals', {
    schemeCode: 'FCMOTOR1',
    data,
    ...(promoCode ? { promoCode } : {}),
  });
  if (created.status !== 201) throw new Error(`proposal not created: ${JSON.stringify(created.body)}`);
  const code = created.body.proposalCode;
  const rated = await pageApi(page, 'PATCH', `/api/proposals/${code}`, { changes: [], applyRating: true });
  if (rated.status !== 200) throw new Error(`not rated: ${JSON.stringify(rated.body)}`);
  return { code, email };
}

/** A policy document's text, as poppler reads it, once the documents job has made it. */
async function documentText(page: Page, policyId: string, doc: 'policy-certificate' | 'policy-schedule') {
  const url = new URL(`/api/documents/policy/${policyId}/${doc}`, page.url()).toString();
  for (let i = 0; i < 60; i++) {
    const res = await page.request.get(url, {
      headers: { authorization: `Bearer ${await pageToken(page)}` },
    });
    if (res.status() === 200) {
      const file = path.join(scratch, `${policyId}-${doc}.pdf`);
      writeFileSync(file, await res.body());
      return execFileSync('pdftotext', [file, '-']).toString('utf8').replace(/\s+/g, ' ');
    }
    await page.waitForTimeout(500);
  }
  throw new Error(`${doc} was never generated`);
}

const pence = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const gbp = (p: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(p / 100);

describe('issue 10 proofs', () => {
  it('a same-day policy bought after waiting on the summary starts when it is bound', async () => {
    const page = await browser.newPage({ width: 1280 });
    const { code } = await quoteStartingToday(page);
    await toSummary(page, code);
    const reachedSummary = Date.now();
    // Into the next minute on the summary (the pages and documents show minutes; London's minutes are UTC's):
    // the start must be the minute it is bought, not the minute of the last re-rating, which came before this.
    const nextMinute = Math.ceil((reachedSummary + 1) / 60_000) * 60_000;
    await page.waitForTimeout(nextMinute - reachedSummary + 1_000);
    await confirmSummary(page);
    await page.locator('[data-page="checkout-card"]').waitFor();
    await page.getByRole('button', { name: /^Pay / }).click();
    await payOnHostedPage(page, '4242 4242 4242 4242');
    await page.locator('[data-page="checkout-success"]').waitFor();
    const [policy] = (await pageApi<PolicyRead[]>(page, 'GET', '/api/policies')).body;
    if (!policy) throw new Error('no policy');
    const { inceptedAt, createdAt } = policy.policyDetail;
    expect(new Date(inceptedAt).getTime()).toBeGreaterThanOrEqual(nextMinute);
    const minute = (iso: string) => formatLondon(iso, "HH:mm 'on' d MMMM yyyy");
    expect(minute(inceptedAt)).not.toBe(minute(new Date(reachedSummary).toISOString()));
    expect(minute(inceptedAt)).toBe(minute(createdAt));
    const certificate = await documentText(page, policy.policyId, 'policy-certificate');
    expect(certificate).toContain(minute(inceptedAt));
  });

  it('HC3M: the quote page, summary, checkout, e-mail and schedule show the same figures, which add up', async () => {
    // Nothing due and no card yet: bind answers 402 and the page sets a card up (spec 3 §4 step 7).
    const page = await browser.newPage({
      width: 1280,
      allowConsoleErrors: [/402 \(Payment Required\).*\/bind\)/],
    });
    const { code, email } = await quoteStartingToday(page, 'HC3M');
    const quotePage = await toSummary(page, code);
    expect(quotePage).toContain('Your first 3 months are free');
    expect(quotePage).toContain('To pay today: £0.00');
    expect(quotePage).not.toContain('First payment');
    const monthly = /(£[\d,]+\.\d\d)\s*a month/.exec(quotePage)?.[1] ?? '';
    expect(monthly).toMatch(/^£\d/);
    const annual = /(£[\d,]+\.\d\d) a year in total/.exec(quotePage)?.[1] ?? '';
    expect(annual).toMatch(/^£\d/);

    const net = pence((await page.getByTestId('price-net').textContent()) ?? '');
    const ipt = pence((await page.getByTestId('price-ipt').textContent()) ?? '');
    const total = pence((await page.getByTestId('price-total').textContent()) ?? '');
    expect(net + ipt).toBe(total);
    expect(ipt).toBe(Math.round(net * 0.12));
    expect(gbp(total)).toBe(annual);
    await expect(page.getByTestId('price-due-today').textContent()).resolves.toBe('£0.00');
    await expect(page.getByTestId('price-free-months').textContent()).resolves.toBe(
      'Your first 3 months are free',
    );
    await expect(page.getByTestId('price-payments').textContent()).resolves.toContain(
      `Then 9 monthly payments of ${monthly}`,
    );

    await confirmSummary(page);
    await page.locator('[data-page="checkout-card"]').waitFor();
    await expect(page.getByTestId('amount-due').textContent()).resolves.toBe('£0.00');
    await expect(page.getByTestId('amount-due-after').textContent()).resolves.toBe(
      `Your first 3 months are free. Then 9 monthly payments of ${monthly}.`,
    );
    await page.getByRole('button', { name: 'Buy the policy' }).click();
    await page.waitForURL(/\/sandbox\/card\/checkout\//);
    await page.locator('#cardNumber').fill('4242 4242 4242 4242');
    await page.locator('#name').fill('Sam Taylor');
    await page.locator('#expiry').fill('12 / 34');
    await page.locator('#cvc').fill('123');
    await page.locator('#postalCode').fill('SW1V 7GB');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.locator('[data-page="checkout-success"]').waitFor();

    const [policy] = (await pageApi<PolicyRead[]>(page, 'GET', '/api/policies')).body;
    if (!policy) throw new Error('no policy');
    const schedule = await documentText(page, policy.policyId, 'policy-schedule');
    let mail = '';
    for (let i = 0; i < 30 && !mail.includes('Total premium'); i++) {
      mail = (await outboxBody(page, email)).replace(/\s+/g, ' ');
      if (!mail.includes('Total premium')) await page.waitForTimeout(1000);
    }
    for (const text of [mail, schedule]) {
      expect(text).toContain('Your first 3 months are free');
      expect(text).toContain(`Then 9 monthly payments of ${monthly}`);
      expect(text).toMatch(
        new RegExp(`Premium excluding Insurance Premium Tax:? ${gbp(net).replace('.', '\\.')}`),
      );
      expect(text).toMatch(new RegExp(`Insurance Premium Tax at 12%:? ${gbp(ipt).replace('.', '\\.')}`));
      expect(text).toMatch(new RegExp(`Total premium for the year:? ${gbp(total).replace('.', '\\.')}`));
    }
  });
});
