import Stripe from 'stripe';
import {
  CARD_TOKEN_VALIDITY_SECONDS,
  type CardEvent,
  type CardPaymentsProvider,
  readDisputeEvent,
  readRefundEvent,
  type SavedCard,
  WebhookSignatureError,
} from './card-payments-provider.ts';

const kindOf = (type: string): CardEvent['kind'] =>
  type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded'
    ? 'session.completed'
    : type === 'checkout.session.async_payment_failed'
      ? 'session.payment_failed'
      : type === 'checkout.session.expired'
        ? 'session.expired'
        : 'ignored';

function cardOf(pm: string | Stripe.PaymentMethod | null | undefined): SavedCard | null {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return { id: pm.id, brand: pm.card.brand, last4: pm.card.last4 };
}

/** The real card provider: Stripe Checkout through the official SDK (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET). */
export function stripeCardPayments(
  secretKey: string,
  webhookSecret: string | undefined,
): CardPaymentsProvider {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  return {
    name: 'stripe',

    async createSession(input) {
      const session = await stripe.checkout.sessions.create({
        mode: input.mode,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.clientReference,
        metadata: input.metadata,
        customer_email: input.customerEmail,
        locale: (input.locale as Stripe.Checkout.SessionCreateParams.Locale | undefined) ?? 'en-GB',
        ...(input.mode === 'payment'
          ? {
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency: input.currency,
                    unit_amount: input.amountPence ?? 0,
                    product_data: {
                      name: input.lineItem.name,
                      description: input.lineItem.description,
                      images: input.lineItem.imageUrl ? [input.lineItem.imageUrl] : undefined,
                    },
                  },
                },
              ],
              payment_intent_data: { setup_future_usage: 'off_session', metadata: input.metadata },
            }
          : {
              currency: input.currency,
              setup_intent_data: { metadata: input.metadata },
              // A saved card is charged later off-session against its customer (chargeSavedCard, ADR 310).
              customer_creation: 'always' as const,
              payment_method_types: ['card'],
            }),
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async chargeToken(input) {
      let token: Stripe.Token;
      try {
        token = await stripe.tokens.retrieve(input.token);
      } catch {
        return { status: 'invalid', message: 'No such token.' };
      }
      if (Date.now() / 1000 - token.created > CARD_TOKEN_VALIDITY_SECONDS) {
        return { status: 'expired', message: 'The card token has expired. Generate a new one.' };
      }
      try {
        const method = await stripe.paymentMethods.create({ type: 'card', card: { token: input.token } });
        const intent = await stripe.paymentIntents.create({
          amount: input.amountPence,
          currency: input.currency,
          confirm: true,
          description: input.description,
          metadata: input.metadata,
          payment_method: method.id,
          payment_method_options: { card: { moto: true } },
          expand: ['payment_method'],
        });
        const card = cardOf(intent.payment_method);
        return {
          status: 'succeeded',
          paymentReference: intent.id,
          card: card ?? { id: '', brand: token.card?.brand ?? 'card', last4: token.card?.last4 ?? '' },
        };
      } catch (err) {
        return declinedOrThrow(err);
      }
    },

    async chargeSavedCard(input) {
      try {
        const method = await stripe.paymentMethods.retrieve(input.paymentMethodReference);
        const customer = typeof method.customer === 'string' ? method.customer : method.customer?.id;
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: input.currency,
            confirm: true,
            off_session: true,
            description: input.description,
            metadata: input.metadata,
            payment_method: input.paymentMethodReference,
            ...(customer ? { customer } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === 'succeeded' || intent.status === 'processing') {
          return { status: 'succeeded', paymentReference: intent.id };
        }
        return {
          status: 'declined',
          declineCode: 'authentication_required',
          message: 'Authentication required.',
        };
      } catch (err) {
        return declinedOrThrow(err);
      }
    },

    async expireSession(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status !== 'open') return;
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        // Completed meanwhile: its outcome arrives by webhook (a second payment is refunded there).
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      }
    },

    async refundPayment(input) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.paymentReference,
          amount: input.amountPence,
          // A surplus is a payment taken twice; a cancellation's or a change's money is paid back at the customer's
          // asking.
          reason: input.metadata.reason === 'duplicate' ? 'duplicate' : 'requested_by_customer',
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      // A retried key is answered Stripe's first response again: the refund as it was made. Asked again, it says
      // whether it has failed since (ADR 406).
      const now =
        refund.lastResponse?.headers?.['idempotent-replayed'] === 'true'
          ? await stripe.refunds.retrieve(refund.id)
          : refund;
      return {
        refundReference: refund.id,
        status: now.status === 'failed' || now.status === 'canceled' ? 'failed' : 'succeeded',
      };
    },

    async parseWebhook(rawBody, signatureHeader) {
      if (!webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not configured');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      const kind = kindOf(event.type);
      const object = event.data?.object as { id: string; object: string } | undefined;
      if (typeof object !== 'object' || object === null)
        throw new WebhookSignatureError('Webhook body is not an event');
      // A dispute's money moving (ADR 392) names its payment intent: read from the event, no session to fetch.
      // So does a refund that failed after it was made (ADR 406).
      const body = object as unknown as Record<string, unknown>;
      const dispute =
        readDisputeEvent(event.id, event.type, body) ?? readRefundEvent(event.id, event.type, body);
      if (dispute) return dispute;
      if (kind === 'ignored' || object.object !== 'checkout.session') {
        return {
          id: event.id,
          providerType: event.type,
          kind: 'ignored',
          sessionId: object.id,
          mode: 'payment',
          clientReference: null,
          metadata: {},
          amountPence: null,
          paymentReference: null,
          declineCode: null,
          card: null,
        };
      }
      const session = await stripe.checkout.sessions.retrieve(object.id, {
        expand: [
          'payment_intent.payment_method',
          'setup_intent.payment_method',
          'payment_intent.latest_charge',
        ],
      });
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      const setup = typeof session.setup_intent === 'object' ? session.setup_intent : null;
      return {
        id: event.id,
        providerType: event.type,
        kind,
        sessionId: session.id,
        mode: session.mode === 'setup' ? 'setup' : 'payment',
        clientReference: session.client_reference_id,
        metadata: (session.metadata ?? {}) as Record<string, string>,
        amountPence: session.amount_total,
        paymentReference: intent?.id ?? null,
        declineCode: intent?.last_payment_error?.decline_code ?? intent?.last_payment_error?.code ?? null,
        card: cardOf(intent?.payment_method ?? setup?.payment_method),
      };
    },
  };
}

/** A card error from Stripe as a decline (code from the bank when it gave one); anything else is thrown. */
function declinedOrThrow(err: unknown): { status: 'declined'; declineCode: string; message: string } {
  if (err instanceof Stripe.errors.StripeCardError) {
    return {
      status: 'declined',
      declineCode: err.decline_code ?? err.code ?? 'card_declined',
      message: err.message,
    };
  }
  throw err;
}
