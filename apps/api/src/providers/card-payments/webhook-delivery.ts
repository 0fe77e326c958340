import type { FastifyBaseLogger } from 'fastify';

/**
 * How a sandbox provider calls the app back: a real HTTP POST to the app's own origin, retried a few times
 * with a short back-off as the real services do (they keep retrying for days; the sandbox gives up sooner).
 */
export async function deliverWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  log?: FastifyBaseLogger,
  attempts = 3,
): Promise<boolean> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'forecourt-sandbox', ...headers },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) return true;
      log?.warn({ url, status: res.status, attempt }, 'sandbox webhook refused');
      // 409 and 429 are "not yet": tried again here; any other 4xx is a refusal.
      if (res.status >= 400 && res.status < 500 && res.status !== 409 && res.status !== 429) return false;
    } catch (err) {
      log?.warn({ url, err: (err as Error).message, attempt }, 'sandbox webhook delivery failed');
    }
    await new Promise((r) => setTimeout(r, 250 * attempt));
  }
  return false;
}

export const sandboxId = (prefix: string, length = 24) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return prefix + Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};
