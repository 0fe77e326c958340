import { addWorkingDays } from '@forecourt/domain/calendar/working-days';
import { startOfDayLondon } from '@forecourt/domain/dates';
import { and, eq, inArray, isNotNull, lte, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import { sandboxDdFlows, sandboxDdMandates, sandboxDdPayments } from '../../db/schema/index.ts';
import { defineJob, enqueue } from '../../jobs/registry.ts';
import { rememberedSecret } from '../../lib/secrets.ts';
import { WebhookSignatureError } from '../card-payments/card-payments-provider.ts';
import {
  deliverWebhook,
  notBeingSent,
  sandboxId,
  sendingLease,
  tellAndHandBack,
  untoldSteps,
} from '../card-payments/webhook-delivery.ts';
import type { ProviderHost } from '../host.ts';
import {
  DirectDebitFlowError,
  type DirectDebitProvider,
  eventTime,
  mandateStatusOf,
} from './direct-debit-provider.ts';
import { advanceSandboxRefunds, createSandboxRefund } from './sandbox-refunds.ts';
import { SANDBOX_FAILING_ACCOUNT_NUMBER } from './sandbox-routes.ts';
import { signGoCardlessStyle, verifyGoCardlessStyle } from './signature.ts';

/** Working days between the charge date and the payment's confirmation or failure (Bacs: two). */
export const SANDBOX_DD_CONFIRM_WORKING_DAYS = 2;

/** The sandbox bank moving Direct Debit payments on (at the app's clock); only with the sandbox provider. */
export const sandboxDirectDebitPaymentsJob = defineJob({
  name: 'sandbox-dd-payments',
  payload: z.object({}),
  schedule: { cron: '*/10 * * * *', payload: {} },
  enabled: (services) => services.providers.directDebit.name === 'sandbox',
  async handler(services) {
    await advanceSandboxDirectDebit(services);
  },
});

/** The sandbox bank approving a mandate after a delay; only when the sandbox provider is in use. */
export const sandboxMandateActivationJob = defineJob({
  name: 'sandbox-mandate-activation',
  payload: z.object({ mandateId: z.string().min(1) }),
  // Not heard (the app answers 409 while it has not recorded the mandate yet, or is not listening): sent
  // again after 1, 2, 4 … s, about four minutes in all, as GoCardless retries a webhook (ADR 366).
  queue: { retryLimit: 8, retryDelay: 1, retryBackoff: true },
  enabled: (services) => services.providers.directDebit.name === 'sandbox',
  async handler(services, { mandateId }) {
    await (services.providers.directDebit as SandboxDirectDebit).activateMandate(mandateId);
  },
});

/**
 * The sandbox bank's day at the app's clock, for the tests and the demo seed (what its job does every ten
 * minutes): answers how many Direct Debit payments moved, 0 with the real provider.
 */
export async function advanceSandboxDirectDebit(services: {
  providers: { directDebit: DirectDebitProvider };
}) {
  const provider = services.providers.directDebit;
  if (provider.name !== 'sandbox') return 0;
  const sandbox = provider as SandboxDirectDebit;
  return (
    (await sandbox.advanceMandates()) + (await sandbox.advancePayments()) + (await sandbox.advanceRefunds())
  );
}

export interface SandboxDirectDebit extends DirectDebitProvider {
  services(): ProviderHost;
  /** The bank "approves" the mandate: it becomes active and the app hears so by webhook. */
  activateMandate(mandateId: string): Promise<void>;
  /**
   * The bank's approvals that are due (issue 28): every mandate still pending SANDBOX_MANDATE_ACTIVATION_SECONDS
   * after it was made is activated, so one whose activation the app never heard (the job ran before the app
   * listened) does not wait for ever. Answers how many moved.
   */
  advanceMandates(): Promise<number>;
  /**
   * The bank's day at the app's clock (ADR 204): a payment is submitted on its charge date and confirmed
   * (or, for the failing test account, failed) two working days later, each step a signed webhook. A step whose
   * webhook is not acknowledged, or not sent because the process was killed, is sent again on the next call, the
   * payment staying where the bank has it (ADR 409). Answers how many payments moved or were told again.
   */
  advancePayments(): Promise<number>;
  /** The same for refunds (ADR 305): submitted a working day after creation, paid (or failed) on the third. */
  advanceRefunds(): Promise<number>;
  /**
   * The payer's bank charges back a payment it collected (ADR 384), as under the Direct Debit Guarantee: a
   * confirmed payment becomes `charged_back` and the app is told by webhook. Answers whether it was, and whether
   * the app acknowledged the event (a refused one is sent again by the next call).
   */
  chargeBack(paymentId: string): Promise<{ chargedBack: boolean; delivered: boolean }>;
  /**
   * The payer's bank cancels its charge back (ADR 390; GoCardless `chargeback_cancelled`, almost always at the
   * payer's request): the payment is collected again (`confirmed`) and the app is told by webhook. Answers
   * whether it was, and whether the app acknowledged the event.
   */
  cancelChargeBack(paymentId: string): Promise<{ cancelled: boolean; delivered: boolean }>;
}

/**
 * The sandbox Direct Debit provider (default). Its hosted bank-details page is /sandbox/gocardless/flows/{id}
 * (sandbox-routes.ts): sort code 20-00-00 with account number 55779911 is a valid account, anything else
 * fails bank-details validation. A completed flow gives a mandate pending customer approval, which becomes
 * active after SANDBOX_MANDATE_ACTIVATION_SECONDS through a pg-boss job that sends a signed webhook.
 */
export function sandboxDirectDebit(): SandboxDirectDebit {
  let attached: ProviderHost | undefined;
  const services = () => {
    if (!attached) throw new Error('The sandbox Direct Debit provider is not attached to the app');
    return attached;
  };
  const secret = () => rememberedSecret(services().db, 'sandbox-dd-webhook');

  /** The bank tells the app about a mandate or a payment: a signed GoCardless-shaped webhook by real HTTP. */
  const sendEvent = async (
    url: string,
    resource: 'mandates' | 'payments',
    action: string,
    links: Record<string, string>,
    details: { origin: string; cause: string; description?: string },
  ) => {
    const body = JSON.stringify({
      events: [
        {
          id: sandboxId('EV', 14),
          created_at: services().clock.now().toISOString(),
          resource_type: resource,
          action,
          links,
          details,
        },
      ],
      meta: { webhook_id: sandboxId('WB', 14) },
    });
    return deliverWebhook(url, body, { 'webhook-signature': signGoCardlessStyle(body, await secret()) });
  };
  /** A payment cancelled at the app's request (its own, or its mandate's), told as GoCardless tells it. */
  const sendPaymentCancelled = (
    p: { id: string; mandateId: string; webhookUrl: string },
    cause: string,
    description: string,
  ) =>
    sendEvent(
      p.webhookUrl,
      'payments',
      'cancelled',
      { payment: p.id, mandate: p.mandateId },
      {
        origin: 'api',
        cause,
        description,
      },
    );
  const sendMandateEvent = (
    url: string,
    mandateId: string,
    action: 'active' | 'cancelled',
    details: { origin: string; cause: string; description: string },
  ) => sendEvent(url, 'mandates', action, { mandate: mandateId }, details);

  const provider: SandboxDirectDebit = {
    name: 'sandbox',
    attach(s) {
      attached = s;
    },
    services,

    async createRedirectFlow(input) {
      const { db, clock } = services();
      const id = sandboxId('RE', 14);
      await db.insert(sandboxDdFlows).values({
        id,
        description: input.description,
        sessionToken: input.sessionToken,
        successUrl: input.successUrl,
        webhookUrl: `${services().selfOrigin()}/api/gocardless/webhooks`,
        createdAt: clock.now(),
      });
      return { id, redirectUrl: `${input.appOrigin}/sandbox/gocardless/flows/${id}` };
    },

    async completeRedirectFlow(id, sessionToken) {
      const { db, clock, env } = services();
      const [flow] = await db.select().from(sandboxDdFlows).where(eq(sandboxDdFlows.id, id));
      if (!flow || flow.sessionToken !== sessionToken)
        throw new DirectDebitFlowError('No such redirect flow');
      if (flow.status === 'created') {
        throw new DirectDebitFlowError('The customer has not finished giving their bank details');
      }
      if (flow.status === 'completed' && flow.mandateId) {
        const [m] = await db.select().from(sandboxDdMandates).where(eq(sandboxDdMandates.id, flow.mandateId));
        return {
          mandateId: flow.mandateId,
          status: mandateStatusOf(m?.status ?? 'pending_customer_approval'),
          bankName: flow.bankName,
          accountNumberEnding: flow.accountNumberEnding,
        };
      }
      const mandateId = sandboxId('MD', 14);
      await db.transaction(async (tx) => {
        await tx.insert(sandboxDdMandates).values({
          id: mandateId,
          flowId: id,
          status: 'pending_customer_approval',
          webhookUrl: flow.webhookUrl,
          createdAt: clock.now(),
        });
        await tx
          .update(sandboxDdFlows)
          .set({ status: 'completed', mandateId, completedAt: clock.now() })
          .where(eq(sandboxDdFlows.id, id));
      });
      const delay = env.SANDBOX_MANDATE_ACTIVATION_SECONDS;
      const queued = await enqueue(
        services(),
        sandboxMandateActivationJob,
        { mandateId },
        { startAfter: delay },
      );
      if (queued === undefined)
        setTimeout(
          () => void provider.activateMandate(mandateId).catch(() => undefined),
          delay * 1000,
        ).unref();
      return {
        mandateId,
        status: 'PENDING_CUSTOMER_APPROVAL',
        bankName: flow.bankName,
        accountNumberEnding: flow.accountNumberEnding,
      };
    },

    async chargeBack(paymentId) {
      const { db, clock } = services();
      const [p] = await db
        .update(sandboxDdPayments)
        .set({ status: 'charged_back', updatedAt: clock.now() })
        .where(
          and(
            eq(sandboxDdPayments.id, paymentId),
            inArray(sandboxDdPayments.status, ['confirmed', 'charged_back']),
          ),
        )
        .returning();
      if (!p) return { chargedBack: false, delivered: false };
      const delivered = await sendEvent(
        p.webhookUrl,
        'payments',
        'charged_back',
        { payment: p.id, mandate: p.mandateId },
        {
          origin: 'bank',
          cause: 'authorisation_disputed',
          description: 'The customer disputed having authorised the payment: an indemnity claim.',
        },
      );
      return { chargedBack: true, delivered };
    },

    async cancelChargeBack(paymentId) {
      const { db, clock } = services();
      const [p] = await db
        .update(sandboxDdPayments)
        .set({ status: 'confirmed', updatedAt: clock.now() })
        .where(and(eq(sandboxDdPayments.id, paymentId), eq(sandboxDdPayments.status, 'charged_back')))
        .returning();
      if (!p) return { cancelled: false, delivered: false };
      const delivered = await sendEvent(
        p.webhookUrl,
        'payments',
        'chargeback_cancelled',
        { payment: p.id, mandate: p.mandateId },
        {
          origin: 'bank',
          cause: 'chargeback_cancelled',
          description: "The customer's bank has cancelled the chargeback request.",
        },
      );
      // Not heard (the app answered 409 or was down): charged back again, so the next call sends it again.
      if (!delivered)
        await db
          .update(sandboxDdPayments)
          .set({ status: 'charged_back', updatedAt: clock.now() })
          .where(and(eq(sandboxDdPayments.id, paymentId), eq(sandboxDdPayments.status, 'confirmed')));
      return { cancelled: delivered, delivered };
    },

    async activateMandate(mandateId) {
      const { db, clock } = services();
      const [m] = await db
        .update(sandboxDdMandates)
        .set({ status: 'active', activatedAt: clock.now() })
        .where(
          and(eq(sandboxDdMandates.id, mandateId), eq(sandboxDdMandates.status, 'pending_customer_approval')),
        )
        .returning();
      if (!m) return;
      const heard = await sendMandateEvent(m.webhookUrl, mandateId, 'active', {
        origin: 'gocardless',
        cause: 'mandate_activated',
        description: 'The time window after submission for the banks to refuse a mandate has ended.',
      });
      if (heard) return;
      // Not acknowledged (the app not listening yet, at start-up): undone, so it is sent again (the job's
      // retry, or the bank's next day) rather than the mandate staying pending in the app for ever (issue 28).
      await db
        .update(sandboxDdMandates)
        .set({ status: 'pending_customer_approval', activatedAt: null })
        .where(and(eq(sandboxDdMandates.id, mandateId), eq(sandboxDdMandates.status, 'active')));
      throw new Error(`The app did not acknowledge the activation of mandate ${mandateId}`);
    },

    async advanceMandates() {
      const { db, clock, env } = services();
      const due = new Date(clock.now().getTime() - env.SANDBOX_MANDATE_ACTIVATION_SECONDS * 1000);
      const pending = await db
        .select({ id: sandboxDdMandates.id })
        .from(sandboxDdMandates)
        .where(
          and(
            eq(sandboxDdMandates.status, 'pending_customer_approval'),
            lte(sandboxDdMandates.createdAt, due),
          ),
        );
      let moved = 0;
      for (const m of pending) {
        try {
          await provider.activateMandate(m.id);
          moved++;
        } catch {
          // Not heard: tried again on the next day.
        }
      }
      return moved;
    },

    async cancelMandate(mandateId) {
      const { db, clock } = services();
      const [m] = await db
        .update(sandboxDdMandates)
        .set({ status: 'cancelled' })
        .where(and(eq(sandboxDdMandates.id, mandateId), ne(sandboxDdMandates.status, 'cancelled')))
        .returning();
      if (!m) return;
      await sendMandateEvent(m.webhookUrl, mandateId, 'cancelled', {
        origin: 'api',
        cause: 'mandate_cancelled',
        description: 'The mandate was cancelled.',
      });
      // As GoCardless does: the mandate's payments not yet submitted to the banks are cancelled with it.
      const cancelled = await db
        .update(sandboxDdPayments)
        .set({ status: 'cancelled', updatedAt: clock.now() })
        .where(
          and(eq(sandboxDdPayments.mandateId, mandateId), eq(sandboxDdPayments.status, 'pending_submission')),
        )
        .returning();
      for (const p of cancelled)
        await sendPaymentCancelled(p, 'mandate_cancelled', 'The mandate for this payment was cancelled.');
    },

    async cancelPayment(paymentId) {
      const { db, clock } = services();
      // As GoCardless: only a payment not yet submitted to the banks can be cancelled.
      const [p] = await db
        .update(sandboxDdPayments)
        .set({ status: 'cancelled', updatedAt: clock.now() })
        .where(and(eq(sandboxDdPayments.id, paymentId), eq(sandboxDdPayments.status, 'pending_submission')))
        .returning();
      if (!p) {
        // Cancelled already (an earlier call whose answer was lost): what was asked, as the adapter answers it.
        const [was] = await db
          .select({ status: sandboxDdPayments.status })
          .from(sandboxDdPayments)
          .where(eq(sandboxDdPayments.id, paymentId));
        return was?.status === 'cancelled' ? 'cancelled' : 'refused';
      }
      await sendPaymentCancelled(p, 'payment_cancelled', 'The payment was cancelled.');
      return 'cancelled';
    },

    async createPayment(input) {
      const { db, clock } = services();
      const [mandate] = await db
        .select({
          status: sandboxDdMandates.status,
          webhookUrl: sandboxDdMandates.webhookUrl,
          ending: sandboxDdFlows.accountNumberEnding,
        })
        .from(sandboxDdMandates)
        .innerJoin(sandboxDdFlows, eq(sandboxDdFlows.id, sandboxDdMandates.flowId))
        .where(eq(sandboxDdMandates.id, input.mandateId));
      if (!mandate || mandate.status === 'cancelled') {
        throw new DirectDebitFlowError(`Mandate ${input.mandateId} cannot take payments`);
      }
      await db
        .insert(sandboxDdPayments)
        .values({
          id: sandboxId('PM', 14),
          idempotencyKey: input.idempotencyKey,
          mandateId: input.mandateId,
          amountPence: input.amountPence,
          chargeDate: input.chargeDate,
          status: 'pending_submission',
          fails: mandate.ending === SANDBOX_FAILING_ACCOUNT_NUMBER.slice(-2),
          webhookUrl: mandate.webhookUrl,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .onConflictDoNothing();
      const [p] = await db
        .select()
        .from(sandboxDdPayments)
        .where(eq(sandboxDdPayments.idempotencyKey, input.idempotencyKey));
      if (!p) throw new Error('sandbox payment vanished');
      return { paymentId: p.id, status: p.status, chargeDate: p.chargeDate };
    },

    createRefund: (input) => createSandboxRefund(services(), input),

    advanceRefunds: () => advanceSandboxRefunds(services(), secret),

    async advancePayments() {
      const { db, clock } = services();
      const now = clock.now();
      const open = await db
        .select()
        .from(sandboxDdPayments)
        .where(
          or(
            inArray(sandboxDdPayments.status, ['pending_submission', 'submitted']),
            isNotNull(sandboxDdPayments.untoldFrom),
          ),
        );
      let moved = 0;
      for (const p of open) {
        const chargeAt = startOfDayLondon(p.chargeDate);
        const path = ['pending_submission', 'submitted', p.fails ? 'failed' : 'confirmed'] as const;
        const due =
          addWorkingDays(chargeAt, SANDBOX_DD_CONFIRM_WORKING_DAYS) <= now ? 2 : chargeAt <= now ? 1 : 0;
        // A payment charged back left its path from `confirmed`: a confirmation still untold is sent all the same
        // (the app answers a charge back of a debit it has not heard collected with 409, and waits for it).
        const onPath = p.status === 'charged_back' ? 'confirmed' : p.status;
        const next = untoldSteps(path, { status: onPath, untoldFrom: p.untoldFrom }, due);
        if (!next) {
          // Left its path with something untold (cancelled before it moved): its own event says what happened.
          if (p.untoldFrom !== null)
            await db
              .update(sandboxDdPayments)
              .set({ untoldFrom: null, tells: p.tells + 1 })
              .where(and(eq(sandboxDdPayments.id, p.id), eq(sandboxDdPayments.tells, p.tells)));
          continue;
        }
        // The move and what the app has still to hear, in one write; one tick of two takes it on (ADR 409).
        const [won] = await db
          .update(sandboxDdPayments)
          .set({
            status: onPath === p.status ? next.target : p.status,
            untoldFrom: p.untoldFrom ?? p.status,
            tells: p.tells + 1,
            sendingUntil: sendingLease(),
            ...(onPath !== next.target ? { updatedAt: now } : {}),
          })
          .where(
            and(
              eq(sandboxDdPayments.id, p.id),
              eq(sandboxDdPayments.status, p.status),
              eq(sandboxDdPayments.tells, p.tells),
              notBeingSent(sandboxDdPayments.sendingUntil),
            ),
          )
          .returning();
        if (!won) continue;
        moved++;
        // Each step's event in order, until one is not acknowledged: GoCardless keeps retrying for days, so the
        // next tick sends the rest, as it does after a process killed before sending.
        await tellAndHandBack(db, sandboxDdPayments, won, next.steps, (action) =>
          action === 'pending_submission'
            ? Promise.resolve(true)
            : sendEvent(
                won.webhookUrl,
                'payments',
                action,
                { payment: p.id, mandate: p.mandateId },
                {
                  origin: action === 'failed' ? 'bank' : 'gocardless',
                  cause:
                    action === 'submitted'
                      ? 'payment_submitted'
                      : action === 'failed'
                        ? 'insufficient_funds'
                        : 'payment_confirmed',
                },
              ),
        );
      }
      return moved;
    },

    async parseWebhook(rawBody, signatureHeader) {
      verifyGoCardlessStyle(rawBody, signatureHeader, await secret());
      let parsed: {
        events?: {
          id: string;
          resource_type: string;
          action: string;
          created_at?: string;
          links?: { mandate?: string; payment?: string; refund?: string };
          details?: { cause?: string };
        }[];
      };
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError('Webhook body is not JSON');
      }
      // A signed body of the wrong shape ({}, [], null, an event that is null) is a 400, never a 500.
      if (!wellFormedEvents(parsed)) throw new WebhookSignatureError('Webhook body is not a list of events');
      return (parsed.events ?? []).map((e) => ({
        id: e.id,
        resourceType: e.resource_type,
        action: e.action,
        mandateId: e.links?.mandate ?? null,
        paymentId: e.links?.payment ?? null,
        refundId: e.links?.refund ?? null,
        cause: e.details?.cause ?? null,
        createdAt: eventTime(e.created_at),
      }));
    },
  };
  return provider;
}

/** A Direct Debit webhook body: an object whose `events` is a list of events, each with its id and names. */
function wellFormedEvents(body: unknown): body is { events: unknown[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const events = (body as { events?: unknown }).events;
  return (
    Array.isArray(events) &&
    events.every(
      (e) =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as { id?: unknown }).id === 'string' &&
        typeof (e as { resource_type?: unknown }).resource_type === 'string' &&
        typeof (e as { action?: unknown }).action === 'string',
    )
  );
}
