import { InvalidStateError } from 'gocardless-nodejs';
import { describe, expect, it } from 'vitest';
import {
  DirectDebitFlowError,
  DirectDebitRefundRefused,
} from '../src/providers/direct-debit/direct-debit-provider.ts';
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

/** GoCardless's refusal of an action on a resource in the wrong state (HTTP 422 `invalid_state`). */
const refusal = (reason: string) =>
  new InvalidStateError({
    body: {
      error: {
        message: 'It cannot be cancelled',
        errors: [{ reason, message: 'It cannot be cancelled' }],
        type: 'invalid_state',
        code: 422,
      },
    },
  });

describe('GoCardless adapter: cancelling a mandate', () => {
  const adapter = (status: string, cancel: () => Promise<unknown>) => {
    const cancelled: string[] = [];
    const client = {
      mandates: {
        find: async () => ({ id: 'MD0001', status }),
        cancel: async (id: string) => {
          cancelled.push(id);
          return cancel();
        },
      },
    } as unknown as Client;
    return { provider: goCardlessDirectDebit('sandbox_token', 'secret', client), cancelled };
  };

  it('cancels an active mandate, and leaves one already cancelled alone', async () => {
    const active = adapter('active', async () => ({ id: 'MD0001', status: 'cancelled' }));
    await active.provider.cancelMandate('MD0001');
    expect(active.cancelled).toEqual(['MD0001']);
    const done = adapter('cancelled', async () => ({}));
    await done.provider.cancelMandate('MD0001');
    expect(done.cancelled).toEqual([]);
  });

  it('cancelled by another caller since the lookup: done; any other refusal or error passes through', async () => {
    await expect(
      adapter('active', async () => {
        throw refusal('cancellation_failed');
      }).provider.cancelMandate('MD0001'),
    ).resolves.toBeUndefined();
    await expect(
      adapter('active', async () => {
        throw refusal('mandate_is_inactive');
      }).provider.cancelMandate('MD0001'),
    ).rejects.toBeInstanceOf(InvalidStateError);
    await expect(
      adapter('active', async () => {
        throw new Error('socket hang up');
      }).provider.cancelMandate('MD0001'),
    ).rejects.toThrow('socket hang up');
  });
});

describe('GoCardless adapter: cancelling a payment (ADR 378)', () => {
  const adapter = (cancel: () => Promise<unknown>, status = 'submitted') => {
    const asked: string[] = [];
    const client = {
      payments: {
        cancel: async (id: string) => {
          asked.push(id);
          return cancel();
        },
        find: async (id: string) => ({ id, status }),
      },
    } as unknown as Client;
    return { provider: goCardlessDirectDebit('sandbox_token', 'secret', client), asked };
  };

  it('cancels a payment not yet submitted', async () => {
    const a = adapter(async () => ({ id: 'PM0001', status: 'cancelled' }));
    expect(await a.provider.cancelPayment('PM0001')).toBe('cancelled');
    expect(a.asked).toEqual(['PM0001']);
  });

  it('one submitted already (cancellation_failed) is refused; any other refusal or error passes through', async () => {
    const refused = adapter(async () => {
      throw refusal('cancellation_failed');
    });
    expect(await refused.provider.cancelPayment('PM0001')).toBe('refused');
    // Refused because an earlier call cancelled it (its answer lost): cancelled, as asked.
    const again = adapter(async () => {
      throw refusal('cancellation_failed');
    }, 'cancelled');
    expect(await again.provider.cancelPayment('PM0001')).toBe('cancelled');
    await expect(
      adapter(async () => {
        throw refusal('mandate_is_inactive');
      }).provider.cancelPayment('PM0001'),
    ).rejects.toBeInstanceOf(InvalidStateError);
    await expect(
      adapter(async () => {
        throw new Error('socket hang up');
      }).provider.cancelPayment('PM0001'),
    ).rejects.toThrow('socket hang up');
  });
});

describe('GoCardless adapter: creating a payment (ADR 381)', () => {
  const adapter = (create: () => Promise<unknown>) =>
    goCardlessDirectDebit('sandbox_token', 'secret', {
      payments: { create: async () => create() },
    } as unknown as Client).createPayment({
      mandateId: 'MD0001',
      amountPence: 4923,
      chargeDate: '2027-03-03',
      description: 'Policy FC-1',
      idempotencyKey: 'p1:1',
      metadata: {},
    });

  it('answers the payment made, with its status and charge date', async () => {
    expect(
      await adapter(async () => ({ id: 'PM0001', status: 'pending_submission', charge_date: '2027-03-04' })),
    ).toEqual({ paymentId: 'PM0001', status: 'pending_submission', chargeDate: '2027-03-04' });
  });

  it('a mandate that can take no payment (mandate_is_inactive) is a DirectDebitFlowError; other errors pass', async () => {
    await expect(
      adapter(async () => {
        throw refusal('mandate_is_inactive');
      }),
    ).rejects.toBeInstanceOf(DirectDebitFlowError);
    await expect(
      adapter(async () => {
        throw refusal('cancellation_failed');
      }),
    ).rejects.toBeInstanceOf(InvalidStateError);
    await expect(
      adapter(async () => {
        throw new Error('socket hang up');
      }),
    ).rejects.toThrow('socket hang up');
  });
});
