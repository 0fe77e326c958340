import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { adminConfig, renderShell } from '../test-render.tsx';
import { CookieBanner } from './cookie-banner.tsx';
import { COOKIE_CONSENT_LIFETIME_MS, readCookieConsent, writeCookieConsent } from './cookie-consent.ts';

const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test resets the real jsdom cookie.
  document.cookie = 'cookieConsent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
};

describe('cookie-consent banner (spec 1 §4, §9)', () => {
  afterEach(clearCookie);

  it('shows while consent is unset; accepting stores true and hides it', async () => {
    renderShell(<CookieBanner />);
    expect(screen.getByTestId('cookie-banner')).toHaveTextContent('Cookies on Forecourt');
    await userEvent.click(screen.getByRole('button', { name: 'Accept all cookies' }));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(readCookieConsent()).toBe(true);
  });

  it('choosing essential cookies only stores false and hides it', async () => {
    renderShell(<CookieBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Essential cookies only' }));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(readCookieConsent()).toBe(false);
  });

  it('stays hidden once consent is set', () => {
    writeCookieConsent(false);
    renderShell(<CookieBanner />);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('is not shown to admins or signed-in customers', () => {
    renderShell(<CookieBanner />, { config: adminConfig() });
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    renderShell(<CookieBanner />, { slots: { signedIn: true } });
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('writes the cookie for 365 days on path / with the optional domain', () => {
    let written = '';
    const doc = {
      location: { protocol: 'https:' },
      set cookie(value: string) {
        written = value;
      },
    } as unknown as Document;
    const now = Date.UTC(2026, 10, 21, 12, 0, 0);
    writeCookieConsent(true, { doc, now, domain: 'example.co.uk' });
    expect(COOKIE_CONSENT_LIFETIME_MS).toBe(31_536_000_000);
    expect(written).toContain('cookieConsent=true');
    expect(written).toContain(`expires=${new Date(now + 31_536_000_000).toUTCString()}`);
    expect(written).toContain('path=/');
    expect(written).toContain('domain=example.co.uk');
    expect(written).toContain('Secure');
  });
});
