import type { ProviderHost } from '../host.ts';

/**
 * Card payments, shaped like Stripe Checkout: the customer pays on the provider's hosted page, the browser
 * returns to successUrl or cancelUrl, and the outcome arrives by a signed webhook (fulfilment is driven by
 * the webhook, never by the success URL). Phone payments (MOTO) charge a short-lived card token.
 */
export interface CardLineItem {
  name: string;
  description?: string | undefined;
  imageUrl?: string | undefined;
}

export interface CardSessionInput {
  /** payment: take amountPence now; setup: save a card for later collections. */
  mode: 'payment' | 'setup';
  amountPence?: number | undefined;
  currency: 'gbp';
  lineItem: CardLineItem;
  successUrl: string;
  cancelUrl: string;
  clientReference: string;
  metadata: Record<string, string>;
  customerEmail?: string | undefined;
  locale?: string | undefined;
  /** The app's public origin: where the sandbox sends its webhooks (Stripe uses the dashboard setting). */
  appOrigin: string;
}

export interface CardSession {
  id: string;
  /** The hosted payment page to send the browser to. */
  url: string;
  expiresAt: Date;
}

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
}

export interface CardEvent {
  id: string;
  /** The provider's own event type, e.g. checkout.session.completed. */
  providerType: string;
  /**
   * A hosted session's outcome, or a dispute's money moving (ADR 392): `dispute.funds_withdrawn` when the card
   * issuer takes a disputed payment back from the insurer, `dispute.funds_reinstated` when it gives it back (the
   * dispute decided for the insurer). A dispute names its payment (`paymentReference`) and its amount, no session.
   */
  kind:
    | 'session.completed'
    | 'session.payment_failed'
    | 'session.expired'
    | 'dispute.funds_withdrawn'
    | 'dispute.funds_reinstated'
    | 'refund.failed'
    | 'ignored';
  /** The hosted session ('' for a dispute). */
  sessionId: string;
  mode: 'payment' | 'setup';
  clientReference: string | null;
  metadata: Record<string, string>;
  amountPence: number | null;
  paymentReference: string | null;
  declineCode: string | null;
  card: SavedCard | null;
  /** A dispute's own id and the reason the cardholder gave (Stripe's `reason`, e.g. fraudulent); null otherwise. */
  dispute?: { id: string; reason: string } | null;
  /**
   * A refund that failed after it was made (ADR 406; Stripe `charge.refund.updated` with status failed): its own id
   * and Stripe's `failure_reason` (e.g. expired_or_canceled_card). `paymentReference` names the payment refunded.
   */
  refund?: { id: string; failureReason: string } | null;
}

/** The dispute events of a card provider (Stripe `charge.dispute.funds_withdrawn` / `funds_reinstated`). */
export const DISPUTE_EVENT_KINDS: Record<string, CardEvent['kind']> = {
  'charge.dispute.funds_withdrawn': 'dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated': 'dispute.funds_reinstated',
};

/**
 * The events that tell a refund changed (ADR 406). Stripe sends `charge.refund.updated` for a card refund that
 * failed after it was made, and, on newer API versions, `refund.updated` and `refund.failed` as well.
 */
const REFUND_EVENT_TYPES = new Set(['charge.refund.updated', 'refund.updated', 'refund.failed']);

export interface TokenChargeInput {
  token: string;
  amountPence: number;
  currency: 'gbp';
  description: string;
  metadata: Record<string, string>;
}

export type TokenChargeResult =
  | { status: 'succeeded'; paymentReference: string; card: SavedCard }
  | { status: 'declined'; declineCode: string; message: string }
  | { status: 'expired'; message: string }
  | { status: 'invalid'; message: string };

/** An off-session charge of a saved card (Stripe: a confirmed PaymentIntent, off_session, idempotent). */
export interface SavedCardChargeInput {
  /** The saved card (Stripe: pm_…; its customer is looked up by the adapter). */
  paymentMethodReference: string;
  amountPence: number;
  currency: 'gbp';
  description: string;
  /** The same key answers the same charge again, never a second one. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export type SavedCardChargeResult =
  | { status: 'succeeded'; paymentReference: string }
  | { status: 'declined'; declineCode: string; message: string };

export interface RefundInput {
  paymentReference: string;
  amountPence: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** How long a phone-payment card token may be used after it was made (spec 3 §9). */
export const CARD_TOKEN_VALIDITY_SECONDS = 10 * 60;

export class WebhookSignatureError extends Error {}

export interface CardPaymentsProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Gives a provider that runs inside the app (the sandbox) its database, clock and secrets. */
  attach?(host: ProviderHost): void;
  createSession(input: CardSessionInput): Promise<CardSession>;
  chargeToken(input: TokenChargeInput): Promise<TokenChargeResult>;
  /** Charges a saved card without the customer (the billing run); a retried key never charges twice. */
  chargeSavedCard(input: SavedCardChargeInput): Promise<SavedCardChargeResult>;
  /**
   * Ends an open hosted session so that it can no longer be paid (Stripe: checkout.sessions.expire). A
   * session already complete or expired is left as it is (its outcome, if any, still comes by webhook).
   */
  expireSession(sessionId: string): Promise<void>;
  /**
   * Refunds a payment (in part); the key makes a retried refund answer the same refund. `status` is the refund's
   * as the provider has it now: `failed` when a retry finds the refund made before has failed since (ADR 406).
   */
  refundPayment(input: RefundInput): Promise<{ refundReference: string; status: 'succeeded' | 'failed' }>;
  /** Verifies the signature over the raw body, then reads the event. Throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): Promise<CardEvent>;
}

/**
 * A Stripe-shaped dispute event read (ADR 392), from Stripe itself or the sandbox: `data.object` is a dispute
 * (`object: 'dispute'`) naming its payment intent, amount and reason. Undefined when the event is not one.
 */
export function readDisputeEvent(
  id: string,
  type: string,
  object: Record<string, unknown>,
): CardEvent | undefined {
  const kind = DISPUTE_EVENT_KINDS[type];
  if (!kind || object.object !== 'dispute') return undefined;
  const paymentReference = idOf(object.payment_intent);
  const amount = object.amount;
  if (!paymentReference || typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
    throw new WebhookSignatureError('Webhook body is not a dispute of a payment');
  return {
    id,
    providerType: type,
    kind,
    sessionId: '',
    mode: 'payment',
    clientReference: null,
    metadata: {},
    amountPence: amount,
    paymentReference,
    declineCode: null,
    card: null,
    dispute: { id: String(object.id), reason: typeof object.reason === 'string' ? object.reason : 'general' },
  };
}

/**
 * A Stripe-shaped refund event read (ADR 406), from Stripe itself or the sandbox: `data.object` is a refund
 * (`object: 'refund'`). One whose status is `failed` or `canceled` is a `refund.failed`: either way the money did not
 * reach the customer (Stripe cancels a refund that waited on `requires_action`, which `refundPayment` took as made;
 * ADR 406). Any other status (succeeded, pending, requires_action) changes nothing here and is `ignored`. The app finds its refund by the refund's id
 * alone, so only that is required (a refund of a legacy charge has no payment intent; ADR 406); the payment intent
 * and the amount are read when they are there. Undefined when the event is not a refund's.
 */
export function readRefundEvent(
  id: string,
  type: string,
  object: Record<string, unknown>,
): CardEvent | undefined {
  if (!REFUND_EVENT_TYPES.has(type) || object.object !== 'refund') return undefined;
  const refundId = object.id;
  if (typeof refundId !== 'string' || !PROVIDER_ID.test(refundId))
    throw new WebhookSignatureError('Webhook body is not a refund');
  const amount = object.amount;
  return {
    id,
    providerType: type,
    kind: object.status === 'failed' || object.status === 'canceled' ? 'refund.failed' : 'ignored',
    sessionId: '',
    mode: 'payment',
    clientReference: null,
    metadata: {},
    amountPence: typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0 ? amount : null,
    paymentReference: idOf(object.payment_intent),
    declineCode: null,
    card: null,
    refund: {
      id: refundId,
      failureReason:
        typeof object.failure_reason === 'string'
          ? object.failure_reason
          : object.status === 'canceled'
            ? 'canceled'
            : 'unknown',
    },
  };
}

/**
 * A provider's object id as Stripe makes them (`re_…`, `pi_…`): letters, digits and underscores. Anything else (a NUL
 * byte, which PostgreSQL refuses, or 100 KB of text) is no id of ours.
 */
const PROVIDER_ID = /^[A-Za-z0-9_]{1,255}$/;

/** An expandable Stripe reference: the id, whether the field holds it or the object; null when it is not an id. */
const idOf = (v: unknown) => {
  const id =
    typeof v === 'string'
      ? v
      : typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string'
        ? (v as { id: string }).id
        : null;
  return id !== null && PROVIDER_ID.test(id) ? id : null;
};
