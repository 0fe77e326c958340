/** Spec 1 §9: cookie cookieConsent, 365 days, path /, optional domain. */
export const COOKIE_CONSENT_NAME = 'cookieConsent';
export const COOKIE_CONSENT_LIFETIME_MS = 31_536_000_000;

/** true (accepted), false (essential only) or null (not decided yet: the banner shows). */
export function readCookieConsent(doc: Document = document): boolean | null {
  for (const part of doc.cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COOKIE_CONSENT_NAME) {
      if (value === 'true') return true;
      if (value === 'false') return false;
    }
  }
  return null;
}

export function writeCookieConsent(
  value: boolean,
  options: { domain?: string; now?: number; doc?: Document } = {},
): void {
  const doc = options.doc ?? document;
  const expires = new Date((options.now ?? Date.now()) + COOKIE_CONSENT_LIFETIME_MS).toUTCString();
  const parts = [`${COOKIE_CONSENT_NAME}=${value}`, `expires=${expires}`, 'path=/', 'SameSite=Lax'];
  if (options.domain) parts.push(`domain=${options.domain}`);
  if (doc.location?.protocol === 'https:') parts.push('Secure');
  doc.cookie = parts.join('; ');
}
