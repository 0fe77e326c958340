import { mkdirSync } from 'node:fs';
import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** Steps shared by the checkout journeys (issue 5): a priced quote made through the API, then the real pages. */

export const SHOTS = '/tmp/shots/checkout';

/** `<dir>/<name>-<width>.png` of the whole page, from the top (the sticky header painted once). */
export async function shot(page: Page, name: string, dir = SHOTS) {
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
}

/** The page's current bearer token: the anonymous session's, or the signed-in user's. */
export const pageToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    if (key) return (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token;
    return (
      JSON.parse(sessionStorage.getItem('forecourt.anonymousToken') ?? '{}') as { accessToken?: string }
    ).accessToken;
  });

/** Calls the API from the page with its token (and an impersonation header when given). */
export async function pageApi<T = unknown>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const token = await pageToken(page);
  return page.evaluate(
    async ({ method, url, body, token, headers }) => {
      const res = await fetch(url, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON (a PDF, say)
      }
      return { status: res.status, body: parsed as never };
    },
    { method, url, body, token, headers },
  );
}

/** A newcomer on the home page makes a priced quote (through the API, with the page's session). */
export async function pricedQuote(
  page: Page,
  mutate?: (data: Record<string, unknown>) => void,
  schemeCode = 'FCMOTOR1',
) {
  await page.goto('/');
  await page.waitForFunction(() => sessionStorage.getItem('forecourt.anonymousToken') !== null);
  const data = sampleProposalData(todayInLondon(new Date()));
  // A newcomer: an e-mail no account has yet (an existing one would ask them to sign in).
  const holder = data.profiles.find((p) => p.policyholder) ?? data.profiles[0];
  if (holder)
    (holder.data as Record<string, unknown>).email =
      `buyer.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  mutate?.(data as unknown as Record<string, unknown>);
  const created = await pageApi<{ proposalCode: string }>(page, 'POST', '/api/proposals', {
    schemeCode,
    data,
  });
  if (created.status !== 201) throw new Error(`proposal not created: ${JSON.stringify(created.body)}`);
  const code = created.body.proposalCode;
  const rated = await pageApi(page, 'PATCH', `/api/proposals/${code}`, { changes: [], applyRating: true });
  if (rated.status !== 200) throw new Error(`not rated: ${JSON.stringify(rated.body)}`);
  return code;
}

/**
 * From the proposal configuration page through add-ons and account set-up to the summary (not yet
 * confirmed). Answers the price panel's text as the quote page showed it.
 */
export async function configurationToSummary(
  page: Page,
  code: string,
  productUrlName = 'car-insurance',
): Promise<string> {
  await page.goto(`/${productUrlName}/proposal/${code}`);
  await page.locator('[data-page="proposal-configuration"]').waitFor();
  await page.getByTestId('price').waitFor();
  const quotePage = (await page.getByTestId('price').textContent()) ?? '';
  // 'Continue with my offer' when a promotion applies.
  await page.getByRole('button', { name: /^Continue( with my offer)?$/ }).click();
  await page.waitForURL(/\/(add-ons|account-setup|summary)$/);
  if (page.url().endsWith('/add-ons')) {
    await page.locator('[data-page="add-ons"]').waitFor();
    // Every available cover is chosen or declined before continuing.
    for (const decline of await page.locator('[data-cover]').getByRole('button', { name: 'No thanks' }).all())
      await decline.click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL(/\/(account-setup|summary)$/);
  }
  if (page.url().endsWith('/account-setup')) await setUpAccountWithCode(page);
  await page.locator('[data-page="summary"]').waitFor();
  return quotePage;
}

/** Every declaration on the summary ticked, then on to the checkout. */
export async function confirmSummary(page: Page, shots = false) {
  for (const box of await page.locator('[data-page="summary"] input[type="checkbox"]').all())
    await box.check();
  if (shots) await shot(page, 'summary-agreed');
  await page.getByTestId('summary-confirm').click();
  await page.waitForURL(/\/checkout(\?.*)?$/);
  await page.locator('[data-page^="checkout-"]').first().waitFor();
}

/** From the proposal configuration page through add-ons, account set-up and the summary to the checkout. */
export async function configurationToCheckout(page: Page, code: string, shots = false) {
  await configurationToSummary(page, code);
  await confirmSummary(page, shots);
}

/**
 * The latest message body sent to an address, read from the development outbox page of the server at
 * `baseUrl` (by default the server the page is on, else the shared one).
 */
export async function outboxBody(page: Page, address: string, baseUrl?: string): Promise<string> {
  const outbox = await page.context().newPage();
  // The given server, else the one the page is on (a second brand's server has its own outbox).
  const origin = baseUrl ?? (page.url().startsWith('http') ? new URL(page.url()).origin : inject('baseUrl'));
  await outbox.goto(`${origin}/dev/outbox`);
  const body = await outbox.locator(`tr[data-recipient="${address}"] .body`).first().textContent();
  await outbox.close();
  return body ?? '';
}

/**
 * Account set-up (ADR 120): Continue sends a code to the policyholder's e-mail; the code from the
 * outbox is entered; the account is made and the visitor is signed in, landing on the summary.
 */
export async function setUpAccountWithCode(page: Page, shots = false) {
  const email = (await page.getByTestId('account-email').textContent())?.trim() ?? '';
  await page.getByTestId('account-setup-continue').click();
  await page.getByTestId('code-entry').waitFor();
  if (shots) await shot(page, 'account-setup-code');
  const code = /\b(\d{6})\b/.exec(await outboxBody(page, email))?.[1];
  if (!code) throw new Error(`No account code for ${email} in the outbox`);
  await page.locator('[data-testid="code-entry"] input[name="code"]').fill(code);
  await page.getByTestId('code-confirm').click();
  await page.waitForURL(/\/summary$/);
  await page.getByTestId('user-initials').waitFor();
}

/** On the sandbox's hosted card page: a test card, then Pay. */
export async function payOnHostedPage(page: Page, cardNumber: string, shots = false) {
  await page.waitForURL(/\/sandbox\/card\/checkout\//);
  await page.locator('#cardNumber').fill(cardNumber);
  await page.locator('#name').fill('Sam Taylor');
  await page.locator('#expiry').fill('12 / 34');
  await page.locator('#cvc').fill('123');
  await page.locator('#postalCode').fill('SW1V 7GB');
  if (shots) await shot(page, 'hosted-card-page');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** Waits until the API answers the policy's certificate as a PDF (the documents job runs after bind). */
export async function certificatePdf(page: Page, policyId: string, version?: number): Promise<string> {
  // Polled outside the page: a 404 while the PDF is being generated is expected, not a page error.
  const query = version === undefined ? '' : `?version=${version}`;
  const url = new URL(`/api/documents/policy/${policyId}/policy-certificate${query}`, page.url()).toString();
  for (let i = 0; i < 60; i++) {
    const res = await page.request.get(url, {
      headers: { authorization: `Bearer ${await pageToken(page)}` },
    });
    if (res.status() !== 404) {
      if (res.status() !== 200) return `${res.status()}`;
      const bytes = await res.body();
      return `${res.headers()['content-type']} ${bytes.subarray(0, 5).toString('latin1')} ${bytes.length}`;
    }
    await page.waitForTimeout(500);
  }
  throw new Error('the certificate was never generated');
}

/** On the identity provider's page: e-mail, the code from the development outbox (of `baseUrl`), sign in. */
export async function signInAtIdp(page: Page, email: string, baseUrl = inject('baseUrl')) {
  await page.waitForURL(/\/auth\/interaction\//);
  await page.locator('#address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.locator('#code').waitFor();
  const code = /\b(\d{6})\b/.exec(await outboxBody(page, email, baseUrl))?.[1];
  if (!code) throw new Error(`No code for ${email} in the outbox`);
  await page.locator('#code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Answers whose cover starts today (the policy is ACTIVE at once). */
export const startingToday = (data: Record<string, unknown>) => {
  (data.quote as Record<string, unknown>).startDate = todayInLondon(new Date());
};

/**
 * A newcomer buys a policy by card (signed in at account set-up), ending on the success page; `mutate`
 * changes the quote's answers first (e.g. `startingToday`).
 */
export async function buyPolicyByCard(page: Page, mutate?: (data: Record<string, unknown>) => void) {
  const code = await pricedQuote(page, mutate);
  await configurationToCheckout(page, code);
  await page.locator('[data-page="checkout-card"]').waitFor();
  await page.getByRole('button', { name: /^Pay / }).click();
  await payOnHostedPage(page, '4242 4242 4242 4242');
  await page.locator('[data-page="checkout-success"]').waitFor();
  return code;
}
