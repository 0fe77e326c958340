import { InvalidStateError } from 'gocardless-nodejs';
import { describe, expect, it } from 'vitest';
import { DirectDebitRefundRefused } from '../src/providers/direct-debit/direct-debit-provider.ts';
import { goCardlessDirectDebit } from '../src/providers/direct-debit/gocardless.ts';

/** The GoCardless adapter's requests through the official SDK (ADR 305), with the SDK's client stood in. */
type Client = Parameters<typeof goCardlessDirectDebit>[2];

function adapterWith(create: (params: unknown, key?: string) => Promise<unknown>) {
  const calls: unknown[][] = [];
  const client = {
    refunds: {
      create: async (params: unknown, key?: string) => {
        calls.push([params, key]);
        return create(params, key);
      },
    },
  } as unknown as Client;
  return { provider: goCardlessDirectDebit('sandbox_token', 'secret', client), calls };
}

const input = {
  paymentId: 'PM0001',
  amountPence: 1234,
  totalRefundedPence: 2000,
  idempotencyKey: 'refund-line-payment',
  metadata: { customerPaymentId: 'p1', refundLine: 'l1', reason: 'cancellation' },
};

describe('GoCardless adapter: refunds', () => {
  it('creates a refund of the payment with the total confirmation, metadata and the idempotency key', async () => {
    const { provider, calls } = adapterWith(async () => ({
      id: 'RF0001',
      status: 'created',
      amount: 1234,
    }));
    expect(await provider.createRefund(input)).toEqual({
      refundId: 'RF0001',
      status: 'created',
      amountPence: 1234,
    });
    expect(calls).toEqual([
      [
        {
          amount: 1234,
          total_amount_confirmation: 2000,
          links: { payment: 'PM0001' },
          metadata: { customerPaymentId: 'p1', refundLine: 'l1', reason: 'cancellation' },
        },
        'refund-line-payment',
      ],
    ]);
  });

  it("GoCardless's refusal (payment not confirmed yet) is a DirectDebitRefundRefused; other errors pass through", async () => {
    const refused = adapterWith(async () => {
      throw new InvalidStateError({
        body: { error: { message: 'Payment not confirmed', errors: [], type: 'invalid_state', code: 422 } },
      });
    });
    await expect(refused.provider.createRefund(input)).rejects.toBeInstanceOf(DirectDebitRefundRefused);
    const down = adapterWith(async () => {
      throw new Error('socket hang up');
    });
    await expect(down.provider.createRefund(input)).rejects.toThrow('socket hang up');
  });
});
