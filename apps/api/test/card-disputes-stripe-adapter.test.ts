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
