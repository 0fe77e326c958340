import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shootBoth, useBrowser } from '../support/browser.ts';
import { useOwnServer } from '../support/own-server.ts';
import { pageApi, signInAtIdp } from './checkout-steps.ts';

/**
 * Staff handle a claim from /admin and the customer follows it (issue 28 defect 9, ADR 354): the claims queue,
 * a claim's details, moving it on with a note for the customer and then with an internal one; the customer's
 * claim tracker shows the steps, their dates and the note meant for them, never the internal one.
 */
const browser = useBrowser();
/** Its own server: the demo customer's pending claim and the sign-in codes untouched by other journeys. */
const server = useOwnServer();
const DEMO_EMAIL = 'demo@forecourt.example';
const VISIBLE = 'Our engineer will inspect your car at the Leeds garage on Tuesday.';
const INTERNAL = 'Liability accepted by the third party insurer; recover costs from them.';

async function move(admin: Page, step: string, note: string, forCustomer: boolean) {
  const form = admin.getByTestId('claim-move');
  await form.getByRole('radio', { name: step }).check();
  await form.getByRole('textbox', { name: /^Note/ }).fill(note);
  if (forCustomer) await form.getByRole('checkbox', { name: /Show this note to the customer/ }).check();
}

describe('claims handled by staff, followed by the customer (issue 28 §9)', () => {
  it("staff move the demo customer's claim on with a note for them; the customer sees it on the tracker", async () => {
    const admin = await browser.newPage({ width: 1280, baseUrl: server.baseUrl });
    admin.setDefaultTimeout(15_000);
    await admin.goto('/admin');
    await admin.getByTestId('admin-sign-in').click();
    await signInAtIdp(admin, 'admin@forecourt.example', server.baseUrl);
    await admin.getByTestId('admin-claims-link').click();
    await admin.waitForURL(/\/admin\/claims$/);

    // The queue: open claims first, the demo customer's pending accident among them.
    const queue = admin.getByTestId('claims-queue');
    await queue.waitFor();
    const statuses = await queue.locator('[data-status]').allTextContents();
    expect(statuses.indexOf('Settled')).toBeGreaterThan(statuses.lastIndexOf('Pending'));
    const row = admin.locator('[data-claim]', { hasText: 'Pending' }).filter({ hasText: DEMO_EMAIL }).first();
    await row.waitFor();
    await shootBoth(admin, 'claims-admin-queue');
    await row.getByRole('link', { name: /^Open claim / }).click();
    await admin.waitForURL(/\/admin\/claims\/CLM-/);
    const reference = new URL(admin.url()).pathname.split('/').at(-1) ?? '';
    await admin.getByTestId('claim-report').waitFor();
    expect(await admin.getByTestId('claim-report').textContent()).toContain(
      'Another car reversed into mine while it was parked.',
    );
    await move(admin, 'Take it on (being handled)', VISIBLE, true);
    await shootBoth(admin, 'claims-admin-claim');
    await admin.getByRole('button', { name: 'Move claim on' }).click();
    await admin.getByText('Done: the claim is now Being handled.').waitFor();
    expect(await admin.getByTestId('claim-history').textContent()).toContain(VISIBLE);

    await move(admin, 'Settle it', INTERNAL, false);
    await admin.getByRole('button', { name: 'Move claim on' }).click();
    await admin.getByText('Done: the claim is now Settled.').waitFor();
    await admin.getByText('This claim is settled: there is no further step.').waitFor();
    const history = (await admin.getByTestId('claim-history').textContent()) ?? '';
    expect(history).toContain(INTERNAL);
    expect(history).toContain('Internal');
    expect(history).toContain('Shown to the customer');
    await shootBoth(admin, 'claims-admin-settled');
    // The audit log names both moves.
    const audit = await pageApi<{ entries: { action: string; target: string }[] }>(
      admin,
      'GET',
      '/api/admin/audit',
    );
    expect(audit.body.entries.filter((e) => e.target === reference).map((e) => e.action)).toEqual([
      'claim.settled',
      'claim.accepted',
    ]);
    await admin.close();

    // The customer: the claim's tracker on the policy's claims tab.
    const page = await browser.newPage({ width: 1280, baseUrl: server.baseUrl });
    page.setDefaultTimeout(15_000);
    await page.goto('/sign-in');
    await signInAtIdp(page, DEMO_EMAIL, server.baseUrl);
    await page.waitForURL((url) => url.pathname === '/');
    const mine = await pageApi<{ claimReference: string; policyNumber: string }>(
      page,
      'GET',
      `/api/claims/${reference}`,
    );
    expect(mine.status).toBe(200);
    const policies = await pageApi<{ policyId: string; policyNumber: string }[]>(
      page,
      'GET',
      '/api/policies',
    );
    const policy = policies.body.find((p) => p.policyNumber === mine.body.policyNumber);
    expect(policy).toBeTruthy();
    await page.goto(`/car-insurance/policy/${policy?.policyId}/claims`);
    await page.getByRole('heading', { name: 'Claims', level: 1 }).waitFor();
    const tracker = page.getByRole('list', { name: `Progress of claim ${reference}` });
    await tracker.getByText(VISIBLE).waitFor();
    const steps = tracker.locator('[data-step]');
    expect(await steps.evaluateAll((s) => s.map((e) => (e as HTMLElement).dataset.state))).toEqual([
      'done',
      'done',
      'done',
    ]);
    expect(await tracker.textContent()).not.toContain('Not yet');
    expect(await page.getByText(INTERNAL).count()).toBe(0);
    await tracker.scrollIntoViewIfNeeded();
    await shootBoth(page, 'claims-customer-tracker');
    await page.close();
  }, 240_000);
});
