import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sandboxDdFlows, sandboxDdMandates } from '../../db/schema/index.ts';
import { defineJob, enqueue } from '../../jobs/registry.ts';
import { ensureSecret } from '../../lib/secrets.ts';
import { WebhookSignatureError } from '../card-payments/card-payments-provider.ts';
import { deliverWebhook, sandboxId } from '../card-payments/webhook-delivery.ts';
import type { ProviderHost } from '../host.ts';
import { DirectDebitFlowError, type DirectDebitProvider, mandateStatusOf } from './direct-debit-provider.ts';
import { signGoCardlessStyle, verifyGoCardlessStyle } from './signature.ts';

/** The sandbox bank approving a mandate after a delay; only when the sandbox provider is in use. */
export const sandboxMandateActivationJob = defineJob({
  name: 'sandbox-mandate-activation',
  payload: z.object({ mandateId: z.string().min(1) }),
  queue: { retryLimit: 5 },
  work: { pollingIntervalSeconds: 0.5 },
  enabled: (services) => services.providers.directDebit.name === 'sandbox',
  async handler(services, { mandateId }) {
    await (services.providers.directDebit as SandboxDirectDebit).activateMandate(mandateId);
  },
});

export interface SandboxDirectDebit extends DirectDebitProvider {
  services(): ProviderHost;
  /** The bank "approves" the mandate: it becomes active and the app hears so by webhook. */
  activateMandate(mandateId: string): Promise<void>;
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
  const secret = () => ensureSecret(services().db, 'sandbox-dd-webhook');

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
        setTimeout(() => void provider.activateMandate(mandateId).catch(() => undefined), delay * 1000);
      return {
        mandateId,
        status: 'PENDING_CUSTOMER_APPROVAL',
        bankName: flow.bankName,
        accountNumberEnding: flow.accountNumberEnding,
      };
    },

    async activateMandate(mandateId) {
      const { db, clock } = services();
      const [m] = await db
        .update(sandboxDdMandates)
        .set({ status: 'active', activatedAt: clock.now() })
        .where(eq(sandboxDdMandates.id, mandateId))
        .returning();
      if (!m) return;
      const body = JSON.stringify({
        events: [
          {
            id: sandboxId('EV', 14),
            created_at: clock.now().toISOString(),
            resource_type: 'mandates',
            action: 'active',
            links: { mandate: mandateId },
            details: {
              origin: 'gocardless',
              cause: 'mandate_activated',
              description: 'The time window after submission for the banks to refuse a mandate has ended.',
            },
          },
        ],
        meta: { webhook_id: sandboxId('WB', 14) },
      });
      await deliverWebhook(m.webhookUrl, body, {
        'webhook-signature': signGoCardlessStyle(body, await secret()),
      });
    },

    async parseWebhook(rawBody, signatureHeader) {
      verifyGoCardlessStyle(rawBody, signatureHeader, await secret());
      let parsed: {
        events?: { id: string; resource_type: string; action: string; links?: { mandate?: string } }[];
      };
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError('Webhook body is not JSON');
      }
      return (parsed.events ?? []).map((e) => ({
        id: e.id,
        resourceType: e.resource_type,
        action: e.action,
        mandateId: e.links?.mandate ?? null,
      }));
    },
  };
  return provider;
}
