import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot, screenshotPath, useBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const browser = useBrowser();

const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

/** Opens home and checks the brand logo is served as an SVG. */
async function openHome(page: Page, logo: string) {
  const logoResponse = page.waitForResponse((r) => r.url().endsWith(logo));
  await page.goto('/');
  const response = await logoResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/svg+xml');
}

async function anonymousToken(page: Page): Promise<string | undefined> {
  await page.waitForFunction(() => sessionStorage.getItem('forecourt.anonymousToken') !== null);
  const raw = await page.evaluate(() => sessionStorage.getItem('forecourt.anonymousToken'));
  return raw ? (JSON.parse(raw) as { accessToken?: string }).accessToken : undefined;
}

describe('foundation: home, cookie banner, unknown paths and the anonymous session (issue 2)', () => {
  it('home loads with the default brand and an anonymous token in session storage', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.newPage({ width });
      // A first visit asks nothing of the identity provider (ADR 273): no discovery, no silent sign-in frame.
      const identityCalls: string[] = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (pathname.startsWith('/auth/') || pathname.startsWith('/silent-callback'))
          identityCalls.push(pathname);
      });
      await openHome(page, '/brands/forecourt/logo.svg');
      await expect(page.locator('h1').first().textContent()).resolves.toBe(
        'Insurance for the car you just found',
      );
      await expect(cssVar(page, '--color-primary')).resolves.toBe('#0b5d4b');
      await expect(page.title()).resolves.toBe('Forecourt car insurance');
      const logo = page.locator('header img');
      await expect(logo.getAttribute('src')).resolves.toBe('/brands/forecourt/logo.svg');
      const card = page.getByTestId('scheme-card');
      await card.first().waitFor();
      await expect(card.count()).resolves.toBe(1);
      await expect(card.getByRole('link').getAttribute('href')).resolves.toBe('/car-insurance');
      await expect(page.getByTestId('powered-by').textContent()).resolves.toBe(
        'Powered by Forecourt Insurance Platform',
      );
      await page
        .getByRole('link', { name: /Trustpilot/ })
        .first()
        .waitFor();
      await expect(page.getByRole('link', { name: /Trustpilot/ }).count()).resolves.toBe(1);
      const token = await anonymousToken(page);
      expect(token?.split('.')).toHaveLength(3);
      expect(identityCalls).toEqual([]);
      await page.evaluate(() => document.fonts.ready);
      if (width === 375)
        await page.screenshot({ path: await screenshotPath('cookie-banner-forecourt', width) });
      await page.getByRole('button', { name: 'Accept all cookies' }).click();
      await screenshot(page, 'home-forecourt');
    }
  });

  it('the cookie banner hides after accept and stays hidden on reload', async () => {
    const page = await browser.newPage({ width: 1280 });
    await page.goto('/');
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    await page.getByRole('button', { name: 'Accept all cookies' }).click();
    await expect(banner.count()).resolves.toBe(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'cookieConsent');
    expect(cookie?.value).toBe('true');
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await page.reload();
    await page.locator('h1').first().waitFor();
    await expect(banner.count()).resolves.toBe(0);
  });

  it('an unknown path lands on home', async () => {
    const page = await browser.newPage({ width: 1280 });
    await page.goto('/no/such/page?x=1');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.locator('h1').first().textContent()).resolves.toBe(
      'Insurance for the car you just found',
    );
  });

  it("home lists the visitor's own quotes with a link back into each", async () => {
    const page = await browser.newPage({ width: 1280 });
    await page.goto('/');
    const token = await anonymousToken(page);
    const created = await page.evaluate(async (bearer) => {
      const res = await fetch('/api/proposals', {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ schemeCode: 'FCMOTOR1' }),
      });
      return { status: res.status, body: (await res.json()) as { proposalCode: string } };
    }, token);
    expect(created.status).toBe(201);
    await page.reload();
    const card = page.getByTestId('proposal-card');
    await card.first().waitFor();
    await card.first().waitFor();
    await expect(card.count()).resolves.toBe(1);
    await expect(card.getByRole('link').getAttribute('href')).resolves.toBe(
      `/car-insurance/proposal/${created.body.proposalCode}`,
    );
  });

  it('help opens the chat panel with the brand contact details', async () => {
    const page = await browser.newPage({ width: 375 });
    await page.goto('/');
    await page.getByTestId('nav-help').click();
    const panel = page.getByTestId('chat-panel');
    await panel.waitFor();
    await expect(panel.textContent()).resolves.toContain('0330 123 4567');
    await page.keyboard.press('Escape');
    await expect(panel.count()).resolves.toBe(0);
  });

  it('the silent sign-in page hands the answer to the app without loading it again', async () => {
    const page = await browser.newPage({ width: 1280 });
    await page.goto('/');
    const message = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          // The app's own silent sign-in frame also posts; wait for this page's message.
          window.addEventListener('message', (e) => {
            if (String(e.data?.url).includes('/silent-callback.html')) resolve(e.data);
          });
          const frame = document.createElement('iframe');
          frame.src = '/silent-callback.html?error=login_required&state=abc';
          document.body.append(frame);
        }),
    );
    expect(message).toEqual({
      source: 'oidc-client',
      url: expect.stringContaining('/silent-callback.html?error=login_required&state=abc'),
      keepOpen: false,
    });
  });

  it('the UI kit gallery is mounted at /dev/ui outside production', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.newPage({ width });
      await page.context().addCookies([{ name: 'cookieConsent', value: 'true', url: inject('baseUrl') }]);
      await page.goto('/dev/ui');
      await page.getByRole('heading', { level: 1, name: 'UI kit' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dev/ui');
      await screenshot(page, 'dev-ui-gallery');
    }
  });

  describe('under the second brand (BRAND=motorhub)', () => {
    let motorhub: RunningServer;
    beforeAll(async () => {
      motorhub = await startServer({ env: { BRAND: 'motorhub' } });
    });
    afterAll(async () => {
      await motorhub?.stop();
    });

    it('shows its own colours, fonts, logo and texts', async () => {
      for (const width of [1280, 375]) {
        const page = await browser.newPage({ width, baseUrl: motorhub.baseUrl });
        await openHome(page, '/brands/motorhub/logo.svg');
        await expect(page.locator('h1').first().textContent()).resolves.toBe(
          'Cover that moves at your speed',
        );
        await expect(cssVar(page, '--color-primary')).resolves.toBe('#4a1d96');
        await expect(page.title()).resolves.toBe('MotorHub car insurance');
        await expect(page.locator('header img').getAttribute('src')).resolves.toBe(
          '/brands/motorhub/logo.svg',
        );
        await expect(page.evaluate(() => getComputedStyle(document.body).fontFamily)).resolves.toContain(
          'Forecourt Rounded',
        );
        // The second brand sells the three kinds (ADR 245): a start-a-quote card per scheme.
        await expect(page.getByTestId('scheme-card').count()).resolves.toBe(5);
        const card = page.locator('[data-testid="scheme-card"][data-scheme="MHMOTOR1"]');
        await expect(card.textContent()).resolves.toContain('MotorHub monthly cover');
        await expect(
          page.locator('[data-scheme="MHDRIVE7"]').getByRole('link').getAttribute('href'),
        ).resolves.toBe('/drive-away-7-days');
        await expect(card.getByRole('link').getAttribute('href')).resolves.toBe('/motor-cover');
        await page.getByRole('link', { name: /Feefo/ }).first().waitFor();
        await expect(page.getByRole('link', { name: /Feefo/ }).count()).resolves.toBe(1);
        expect(await anonymousToken(page)).toBeTruthy();
        await page.evaluate(() => document.fonts.ready);
        await page.getByRole('button', { name: 'Accept all cookies' }).click();
        await screenshot(page, 'home-motorhub');
      }
    });
  });
});
