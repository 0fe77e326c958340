import { z } from 'zod';

/**
 * Outbound partner webhooks (issue 31 part 1, ADR 362). Each event's payload is versioned and minimal: the
 * policy number, what happened, dates, amounts in integer pence and statuses. It never carries a name, an
 * address, a date of birth, a vehicle registration, an e-mail or a telephone number: the partner knows its
 * customer by the policy number it was told at bind.
 */
export const PARTNER_EVENT_TYPES = [
  'policy.bound',
  'policy.changed',
  'policy.cancelled',
  'policy.lapsed',
  'policy.renewed',
  'payment.succeeded',
  'payment.failed',
  'payment.reversed',
  'claim.opened',
  'claim.updated',
  'renewal.invited',
] as const;
export type PartnerEventType = (typeof PARTNER_EVENT_TYPES)[number];
export const partnerEventTypeSchema = z.enum(PARTNER_EVENT_TYPES);

/** The version of every payload below; a change that is not additive is a new version. */
export const PARTNER_EVENT_VERSION = 1;

const iso = z.string().describe('An instant, ISO 8601 in UTC');
const pence = z.number().int().describe('An amount in integer pence (GBP)');

/** The `data` of each event type, version 1. */
export const partnerEventDataSchemas = {
  'policy.bound': z.object({
    policyNumber: z.string(),
    status: z.enum(['PENDING', 'ACTIVE']),
    coverStart: iso,
    coverEnd: iso,
    premiumPence: pence.nullable(),
  }),
  'policy.changed': z.object({
    policyNumber: z.string(),
    effectiveAt: iso,
    /** The change to the premium for the rest of the term: positive more, negative less. */
    premiumChangePence: pence,
  }),
  'policy.cancelled': z.object({
    policyNumber: z.string(),
    status: z.enum(['CANCELLED', 'VOIDED', 'NTU']),
    coverEnd: iso,
    reason: z.string(),
  }),
  'policy.lapsed': z.object({
    policyNumber: z.string(),
    coverEnd: iso,
    reason: z.enum(['NON_PAYMENT', 'NOT_RENEWED']),
  }),
  'policy.renewed': z.object({
    policyNumber: z.string(),
    renewalPolicyNumber: z.string(),
    coverStart: iso,
    coverEnd: iso,
  }),
  'payment.succeeded': z.object({ policyNumber: z.string(), amountPence: pence, collectedAt: iso }),
  'payment.failed': z.object({ policyNumber: z.string(), amountPence: pence, failedAt: iso }),
  'payment.reversed': z.object({ policyNumber: z.string(), amountPence: pence, reversedAt: iso }),
  'claim.opened': z.object({
    policyNumber: z.string(),
    claimReference: z.string(),
    claimType: z.string(),
    occurredDate: z.string().describe('The local date of the loss, YYYY-MM-DD'),
    status: z.string(),
  }),
  'claim.updated': z.object({
    policyNumber: z.string(),
    claimReference: z.string(),
    fromStatus: z.string(),
    status: z.string(),
  }),
  'renewal.invited': z.object({
    policyNumber: z.string(),
    renewalDate: iso,
    premiumPence: pence.nullable(),
  }),
} satisfies Record<PartnerEventType, z.ZodType>;
export type PartnerEventData = {
  [K in PartnerEventType]: z.output<(typeof partnerEventDataSchemas)[K]>;
};

/**
 * What an emitter announces: the type, the policy it concerns (for ordering) and the data; the policy number
 * is added by the recorder, from the policy.
 */
export type PartnerEventInput = {
  [K in PartnerEventType]: { type: K; policyId: string; data: Omit<PartnerEventData[K], 'policyNumber'> };
}[PartnerEventType];

/** The body of every delivery: the envelope, with the event's data. */
export const partnerEventEnvelope = <T extends z.ZodType>(type: PartnerEventType, data: T) =>
  z.object({
    id: z.string().uuid().describe('The event id (also in Forecourt-Event-Id): process each id once'),
    type: z.literal(type),
    version: z.literal(PARTNER_EVENT_VERSION),
    createdAt: iso,
    data,
  });

/** A partner endpoint as staff see it (the secret is shown once, on create and on roll). */
export const partnerEndpointSchema = z.object({
  id: z.string().uuid(),
  brand: z.string(),
  url: z.string(),
  eventTypes: z.array(partnerEventTypeSchema),
  enabled: z.boolean(),
  contactEmail: z.string(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type PartnerEndpoint = z.infer<typeof partnerEndpointSchema>;
export const partnerEndpointListSchema = z.array(partnerEndpointSchema);
export const partnerEndpointWithSecretSchema = partnerEndpointSchema.extend({
  secret: z.string().describe('The signing secret: shown only now'),
});
export type PartnerEndpointWithSecret = z.infer<typeof partnerEndpointWithSecretSchema>;

export const createPartnerEndpointSchema = z.object({
  url: z.string().trim().min(1).max(2000),
  eventTypes: z.array(partnerEventTypeSchema).min(1).max(PARTNER_EVENT_TYPES.length),
  contactEmail: z.string().trim().email().max(254),
});
export type CreatePartnerEndpoint = z.infer<typeof createPartnerEndpointSchema>;

export const setPartnerEndpointEnabledSchema = z.object({ enabled: z.boolean() });

export const partnerDeliverySchema = z.object({
  id: z.string().uuid(),
  eventId: z.string().uuid(),
  eventType: partnerEventTypeSchema,
  policyNumber: z.string().nullable(),
  status: z.enum(['pending', 'delivered']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastResponseCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type PartnerDelivery = z.infer<typeof partnerDeliverySchema>;
export const partnerDeliveryListSchema = z.array(partnerDeliverySchema);

/** Replay one event, or every event since a time, to an endpoint. */
export const replayPartnerEventsSchema = z.union([
  z.object({ eventId: z.string().uuid() }).strict(),
  z.object({ since: z.string().datetime({ offset: true }) }).strict(),
]);
export type ReplayPartnerEvents = z.infer<typeof replayPartnerEventsSchema>;
export const replayResultSchema = z.object({ queued: z.number().int() });
