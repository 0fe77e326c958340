import type { Ctx } from '../../lib/context.ts';
import { validation } from '../../lib/errors.ts';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * Issue 9 §7 (ADR 132): a hosted payment page sends the browser back only to the app's own origin or a
 * configured partner origin (ALLOWED_REDIRECT_ORIGINS); any other return address is a 400 when the session
 * is created, so the provider's page can never be used as an open redirect.
 */
export function assertReturnUrls(
  ctx: Pick<Ctx, 'env'>,
  appOrigin: string,
  urls: Record<string, string | undefined>,
) {
  const allowed = new Set([originOf(appOrigin), ...ctx.env.ALLOWED_REDIRECT_ORIGINS]);
  const errors: Record<string, string[]> = {};
  for (const [field, url] of Object.entries(urls)) {
    if (url === undefined) continue;
    const origin = originOf(url);
    if (!origin || !allowed.has(origin)) errors[field] = ['must be an address of this site'];
  }
  if (Object.keys(errors).length > 0) throw validation(errors, 'The return address is not allowed.');
}
