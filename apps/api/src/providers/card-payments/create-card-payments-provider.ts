import type { Env } from '../../config/env.ts';
import type { CardPaymentsProvider } from './card-payments-provider.ts';
import { sandboxCardPayments } from './sandbox.ts';
import { stripeCardPayments } from './stripe.ts';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox with its own hosted page. */
export function createCardPaymentsProvider(env: Env): CardPaymentsProvider {
  return env.STRIPE_SECRET_KEY
    ? stripeCardPayments(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET)
    : sandboxCardPayments();
}
