import {
  PARTNER_EVENT_TYPES,
  type PartnerEventType,
  partnerEventDataSchemas,
  partnerEventEnvelope,
} from '@forecourt/contracts/partners';
import { z } from 'zod';

const WHAT: Record<PartnerEventType, string> = {
  'policy.bound': 'A policy was bought (bound): cover starts at coverStart.',
  'policy.changed': 'A mid-term change was confirmed, from effectiveAt.',
  'policy.cancelled': 'A policy ended early: cancelled by the customer, voided or not taken up.',
  'policy.lapsed': 'A policy lapsed: cancelled for non-payment, or not renewed at its expiry.',
  'policy.renewed': 'A policy was renewed: renewalPolicyNumber is the new year’s policy.',
  'payment.succeeded':
    'A scheduled payment was collected (card or Direct Debit), or an outstanding balance was paid (hosted card page or by phone), or a Direct Debit charged back stands again because the bank cancelled its charge back, or a disputed card payment stands again because the dispute was decided for the insurer. A purchase or a change paid at once is told by policy.bound or policy.changed.',
  'payment.failed': 'A scheduled payment could not be collected; it is retried and the customer told.',
  'payment.reversed':
    'A collected Direct Debit was charged back by the customer’s bank (the Direct Debit Guarantee), or a card payment was taken back by the card issuer on a dispute: the amount is owed again, less any refund it was kept from.',
  'claim.opened': 'A claim was notified on the policy.',
  'claim.updated': 'A claim moved on (pending → active → settled).',
  'renewal.invited': 'A renewal was offered at a price before the policy’s anniversary.',
};

const PERSONAL_DATA =
  'Payloads carry no more personal data than a partner needs: the policy number, what happened, dates, ' +
  'amounts in integer pence and statuses. No name, address, date of birth, e-mail, telephone or vehicle ' +
  'registration is ever sent.';

/**
 * The OpenAPI 3.1 `webhooks` section (ADR 362): each event's request, its signed headers and its versioned
 * payload (JSON Schema 2020-12, from the same zod contracts the recorder parses with).
 */
export function partnerWebhooksOpenApi(): Record<string, never> {
  const headers = [
    {
      name: 'Forecourt-Signature',
      in: 'header',
      required: true,
      description:
        't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret>. ' +
        'Recompute it over the raw body, compare in constant time and refuse a t older than 5 minutes.',
      schema: { type: 'string' },
    },
    {
      name: 'Forecourt-Event-Id',
      in: 'header',
      required: true,
      description:
        'The event id (also in the body): a delivery may come more than once; process each id once.',
      schema: { type: 'string', format: 'uuid' },
    },
    { name: 'Forecourt-Event-Type', in: 'header', required: true, schema: { type: 'string' } },
  ];
  // The swagger plugin's OpenAPI types are narrower than JSON Schema 2020-12: the document is checked by
  // partner-webhooks-openapi tests instead.
  return Object.fromEntries(
    PARTNER_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          tags: ['partner webhooks'],
          summary: WHAT[type],
          description: `${WHAT[type]} Sent at least once, in order per policy, signed. ${PERSONAL_DATA}`,
          parameters: headers,
          security: [],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(partnerEventEnvelope(type, partnerEventDataSchemas[type]), {
                  io: 'output',
                  target: 'draft-2020-12',
                }),
              },
            },
          },
          responses: {
            '2XX': { description: 'Received: the delivery is done.' },
            default: {
              description:
                'Anything else (or no answer within 10 s) is retried: after 1, 2, 4 … minutes, at most 12 h ' +
                'apart, for 3 days; then the endpoint is disabled and its contact e-mailed.',
            },
          },
        },
      },
    ]),
  ) as Record<string, never>;
}
