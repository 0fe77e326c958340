import { isApiError } from '../../../lib/api/errors.ts';

export const RETRY_402_DELAYS_MS = [500, 1000, 2000];

/**
 * Runs `call` again while the server answers 402 (spec 3 §8: customer-account creation with code 402 is
 * retried by a helper): the account waits on a payment-side step that is still settling.
 */
export async function retryOn402<T>(
  call: () => Promise<T>,
  delays: readonly number[] = RETRY_402_DELAYS_MS,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const delay = delays[attempt];
      if (!isApiError(err) || err.status !== 402 || delay === undefined) throw err;
      await sleep(delay);
    }
  }
}
