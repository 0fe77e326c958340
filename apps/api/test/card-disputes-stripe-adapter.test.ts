import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../src/providers/card-payments/card-payments-provider.ts';
import { stripeCardPayments } from '../src/providers/card-payments/stripe.ts';

/**
 * The Stripe adapter reads a dispute's money moving (ADR 392) from the signed event alone: no call to Stripe (the
 * key below reaches nothing), the payment intent, amount, id and reason from the dispute object.
 */
const secret = 'whsec_test_disputes';
const adapter = stripeCardPayments('sk_test_unreachable', secret);
const signed = (event: object) => {
  const payload = JSON.stringify(event);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
};
const dispute = (type: string, object: Record<string, unknown>) =>
  signed({
    id: 'evt_1',
    object: 'event',
    type,
    data: { object: { object: 'dispute', id: 'dp_1', ...object } },
  });

describe('the Stripe adapter reads disputes (ADR 392)', () => {
  it('funds withdrawn and reinstated, with the payment intent as a string or expanded', async () => {
    const withdrawn = dispute('charge.dispute.funds_withdrawn', {
      amount: 4923,
      payment_intent: 'pi_123',
      reason: 'fraudulent',
    });
    expect(await adapter.parseWebhook(withdrawn.payload, withdrawn.header)).toMatchObject({
      id: 'evt_1',
      kind: 'dispute.funds_withdrawn',
      providerType: 'charge.dispute.funds_withdrawn',
      paymentReference: 'pi_123',
      amountPence: 4923,
      dispute: { id: 'dp_1', reason: 'fraudulent' },
    });
    const reinstated = dispute('charge.dispute.funds_reinstated', {
      amount: 4923,
      payment_intent: { id: 'pi_123', object: 'payment_intent' },
      reason: 'product_not_received',
    });
    expect(await adapter.parseWebhook(reinstated.payload, reinstated.header)).toMatchObject({
      kind: 'dispute.funds_reinstated',
      paymentReference: 'pi_123',
      dispute: { reason: 'product_not_received' },
    });
  });

  it('refuses a dispute that names no payment or no amount, and a forged one; ignores the other dispute events', async () => {
    for (const object of [
      { amount: 100 },
      { payment_intent: 'pi_1' },
      { payment_intent: 'pi_1', amount: -5 },
    ]) {
      const bad = dispute('charge.dispute.funds_withdrawn', object);
      await expect(adapter.parseWebhook(bad.payload, bad.header)).rejects.toBeInstanceOf(
        WebhookSignatureError,
      );
    }
    const good = dispute('charge.dispute.funds_withdrawn', { amount: 100, payment_intent: 'pi_1' });
    await expect(adapter.parseWebhook(good.payload, `${good.header}0`)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const created = dispute('charge.dispute.created', { amount: 100, payment_intent: 'pi_1' });
    expect(await adapter.parseWebhook(created.payload, created.header)).toMatchObject({ kind: 'ignored' });
  });
});

/**
 * The Stripe adapter reads a card refund that failed after it was made (ADR 406) from the signed event alone, as
 * Stripe sends it for 4000 0000 0000 5126: `charge.refund.updated` (or, on newer API versions, `refund.failed` and
 * `refund.updated`) with the refund's status `failed` and its `failure_reason`.
 */
const refund = (type: string, object: Record<string, unknown>) =>
  signed({
    id: 'evt_2',
    object: 'event',
    type,
    data: {
      object: {
        object: 'refund',
        id: 're_1',
        amount: 4927,
        payment_intent: 'pi_9',
        currency: 'gbp',
        ...object,
      },
    },
  });

describe('the Stripe adapter reads a failed card refund (ADR 406)', () => {
  it('charge.refund.updated, refund.failed and refund.updated with status failed or canceled; any other status is ignored', async () => {
    for (const type of ['charge.refund.updated', 'refund.failed', 'refund.updated']) {
      const failed = refund(type, { status: 'failed', failure_reason: 'expired_or_canceled_card' });
      expect(await adapter.parseWebhook(failed.payload, failed.header)).toMatchObject({
        id: 'evt_2',
        kind: 'refund.failed',
        providerType: type,
        paymentReference: 'pi_9',
        amountPence: 4927,
        refund: { id: 're_1', failureReason: 'expired_or_canceled_card' },
      });
    }
    const expanded = refund('charge.refund.updated', { status: 'failed', payment_intent: { id: 'pi_9' } });
    expect(await adapter.parseWebhook(expanded.payload, expanded.header)).toMatchObject({
      kind: 'refund.failed',
      paymentReference: 'pi_9',
      refund: { failureReason: 'unknown' },
    });
    // Canceled (after waiting on requires_action): the money never left, as with a failure.
    const canceled = refund('charge.refund.updated', { status: 'canceled' });
    expect(await adapter.parseWebhook(canceled.payload, canceled.header)).toMatchObject({
      kind: 'refund.failed',
      refund: { id: 're_1', failureReason: 'canceled' },
    });
    for (const status of ['succeeded', 'pending', 'requires_action']) {
      const other = refund('charge.refund.updated', { status });
      expect(await adapter.parseWebhook(other.payload, other.header)).toMatchObject({ kind: 'ignored' });
    }
  });

  it('refuses a refund that names no refund id, and a forged one; reads one with no payment intent or amount (ADR 406)', async () => {
    for (const object of [{ id: 7 }, { id: '' }, { id: null }]) {
      const bad = refund('charge.refund.updated', { status: 'failed', ...object });
      await expect(adapter.parseWebhook(bad.payload, bad.header)).rejects.toBeInstanceOf(
        WebhookSignatureError,
      );
    }
    // A refund of a legacy charge has no payment intent: the app finds its refunds by their own id.
    const legacy = refund('charge.refund.updated', {
      status: 'failed',
      payment_intent: null,
      amount: 'lots',
    });
    expect(await adapter.parseWebhook(legacy.payload, legacy.header)).toMatchObject({
      kind: 'refund.failed',
      paymentReference: null,
      amountPence: null,
      refund: { id: 're_1' },
    });
    const good = refund('charge.refund.updated', { status: 'failed' });
    await expect(adapter.parseWebhook(good.payload, `${good.header}0`)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });
});
