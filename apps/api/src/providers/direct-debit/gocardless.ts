import {
  Environments,
  type GoCardlessClient,
  gocardless,
  InvalidStateError,
  ValidationFailedError,
} from 'gocardless-nodejs';
import { parse } from 'gocardless-nodejs/webhooks';
import { WebhookSignatureError } from '../card-payments/card-payments-provider.ts';
import {
  DirectDebitFlowError,
  type DirectDebitProvider,
  DirectDebitRefundRefused,
  eventTime,
  mandateStatusOf,
} from './direct-debit-provider.ts';

/** The SDK client for a token: live_ tokens talk to live GoCardless, others to GoCardless's sandbox. */
const clientFor = (accessToken: string) =>
  gocardless(accessToken, accessToken.startsWith('live_') ? Environments.Live : Environments.Sandbox);

/**
 * The real Direct Debit provider: GoCardless redirect flows, payments and refunds through the official SDK.
 * `client` is for the adapter's own tests (the request shapes); the app passes none.
 */
/** GoCardless's 422 for a cancel it cannot do: the mandate or payment is cancelled already, or past cancelling. */
/** GoCardless refused the request as invalid in the resource's state, for this reason. */
const refusedFor = (err: unknown, reason: string) =>
  err instanceof InvalidStateError && err.errors?.some((e) => e.reason === reason) === true;
const cancellationFailed = (err: unknown) => refusedFor(err, 'cancellation_failed');

export function goCardlessDirectDebit(
  accessToken: string,
  webhookSecret: string | undefined,
  client: Pick<
    GoCardlessClient,
    'redirectFlows' | 'mandates' | 'customerBankAccounts' | 'payments' | 'refunds'
  > = clientFor(accessToken),
): DirectDebitProvider {
  return {
    name: 'gocardless',

    async createRedirectFlow(input) {
      const flow = await client.redirectFlows.create({
        description: input.description,
        session_token: input.sessionToken,
        success_redirect_url: input.successUrl,
        scheme: 'bacs',
      });
      return { id: flow.id ?? '', redirectUrl: flow.redirect_url ?? '' };
    },

    async completeRedirectFlow(id, sessionToken) {
      const flow = await client.redirectFlows.complete(id, { session_token: sessionToken });
      const mandateId = flow.links?.mandate ?? '';
      const mandate = await client.mandates.find(mandateId);
      const account = flow.links?.customer_bank_account
        ? await client.customerBankAccounts.find(flow.links.customer_bank_account)
        : undefined;
      return {
        mandateId,
        status: mandateStatusOf(String(mandate.status)),
        bankName: account?.bank_name ?? null,
        accountNumberEnding: account?.account_number_ending ?? null,
      };
    },

    async cancelMandate(mandateId) {
      const mandate = await client.mandates.find(mandateId);
      if (['cancelled', 'failed', 'expired', 'consumed', 'blocked'].includes(String(mandate.status))) return;
      try {
        await client.mandates.cancel(mandateId, {});
      } catch (err) {
        // Cancelled by another caller since the lookup (two billing runs at once): already what was asked.
        if (cancellationFailed(err)) return;
        throw err;
      }
    },

    async cancelPayment(paymentId) {
      try {
        await client.payments.cancel(paymentId, {});
        return 'cancelled';
      } catch (err) {
        // Submitted to the banks already (or over): GoCardless can no longer cancel it. Unless it is cancelled
        // already (an earlier call whose answer was lost): then it is what was asked.
        if (cancellationFailed(err)) {
          const payment = await client.payments.find(paymentId);
          return payment.status === 'cancelled' ? 'cancelled' : 'refused';
        }
        throw err;
      }
    },

    async createPayment(input) {
      let payment: Awaited<ReturnType<typeof client.payments.create>>;
      try {
        payment = await client.payments.create(
          {
            amount: input.amountPence,
            currency: 'GBP',
            charge_date: input.chargeDate,
            description: input.description,
            metadata: input.metadata,
            links: { mandate: input.mandateId },
            // The app re-presents a failed payment itself (ADR 203/204), not GoCardless's optimised retries.
            retry_if_possible: false,
          },
          input.idempotencyKey,
        );
      } catch (err) {
        // The mandate is cancelled, failed or expired: it can take no payment, as the sandbox answers it.
        if (refusedFor(err, 'mandate_is_inactive')) throw new DirectDebitFlowError((err as Error).message);
        throw err;
      }
      return {
        paymentId: payment.id ?? '',
        status: String(payment.status),
        chargeDate: payment.charge_date ?? input.chargeDate,
      };
    },

    async createRefund(input) {
      try {
        const refund = await client.refunds.create(
          {
            amount: input.amountPence,
            total_amount_confirmation: input.totalRefundedPence,
            links: { payment: input.paymentId },
            metadata: input.metadata,
          },
          input.idempotencyKey,
        );
        return {
          refundId: refund.id ?? '',
          status: String(refund.status),
          amountPence: refund.amount ?? input.amountPence,
        };
      } catch (err) {
        // e.g. refund_payment_invalid_state (payment not confirmed yet), total_amount_confirmation_invalid.
        if (err instanceof InvalidStateError || err instanceof ValidationFailedError) {
          throw new DirectDebitRefundRefused((err as Error).message);
        }
        throw err;
      }
    },

    async parseWebhook(rawBody, signatureHeader) {
      if (!webhookSecret) throw new WebhookSignatureError('GOCARDLESS_WEBHOOK_SECRET is not configured');
      try {
        const events = parse(rawBody, webhookSecret, signatureHeader ?? '');
        return events.map((e) => ({
          id: e.id ?? '',
          resourceType: String(e.resource_type),
          action: e.action ?? '',
          mandateId: e.links?.mandate ?? null,
          paymentId: e.links?.payment ?? null,
          refundId: e.links?.refund ?? null,
          cause: e.details?.cause ?? null,
          createdAt: eventTime(e.created_at),
        }));
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message || 'Invalid webhook signature');
      }
    },
  };
}
