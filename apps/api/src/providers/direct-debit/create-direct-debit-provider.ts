import type { Env } from '../../config/env.ts';
import type { DirectDebitProvider } from './direct-debit-provider.ts';
import { goCardlessDirectDebit } from './gocardless.ts';
import { sandboxDirectDebit } from './sandbox.ts';

/** GoCardless when GOCARDLESS_ACCESS_TOKEN is set, otherwise the sandbox with its own bank-details page. */
export function createDirectDebitProvider(env: Env): DirectDebitProvider {
  return env.GOCARDLESS_ACCESS_TOKEN
    ? goCardlessDirectDebit(env.GOCARDLESS_ACCESS_TOKEN, env.GOCARDLESS_WEBHOOK_SECRET)
    : sandboxDirectDebit();
}
