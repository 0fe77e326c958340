import { CLAIM_STATUSES, CLAIM_SUB_TYPES, CLAIM_TYPES } from '@forecourt/domain/enums';
import { z } from 'zod';

/** Free text a person typed: trimmed, bounded, no control characters other than line breaks and tabs. */
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(
      (s) =>
        ![...s].some((c) => {
          const code = c.charCodeAt(0);
          return (code < 32 && c !== '\n' && c !== '\r' && c !== '\t') || code === 127;
        }),
      'Contains characters we cannot accept',
    );

const requiredText = (max: number) => plainText(max).pipe(z.string().min(1, 'Please answer this question'));

/** A claim reference: CLM- and three groups of four characters (Crockford base32, no I, L, O or U). */
export const CLAIM_REFERENCE_PATTERN =
  /^CLM-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
export const claimReferenceSchema = z.string().regex(CLAIM_REFERENCE_PATTERN, 'Not a claim reference');

export const claimStatusSchema = z.enum(CLAIM_STATUSES);
export const claimTypeSchema = z.enum(CLAIM_TYPES);
const SUB_TYPES = Object.values(CLAIM_SUB_TYPES).flat() as [string, ...string[]];

/** GET /api/claims?policyNumber= (spec 2 §7 getClaims). */
export const claimsQuerySchema = z.object({ policyNumber: z.string().trim().min(1).max(40) });

/** A claim as the claims tab lists it (spec 2 §3 Claim). */
export const claimSchema = z.object({
  claimReference: z.string(),
  policyNumber: z.string(),
  status: claimStatusSchema,
  claimType: claimTypeSchema,
  claimSubType: z.string().nullable(),
  insuredName: z.string(),
  /** The local calendar date (Europe/London) the loss happened, YYYY-MM-DD. */
  occurredDate: z.string(),
  occurredAt: z.string(),
  notifiedAt: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;
export const claimListSchema = z.array(claimSchema);

const person = z.object({
  name: requiredText(120),
  contact: plainText(200).optional(),
});

/** POST /api/claims: the built-in first notification of loss (issue 11 §5; ADR 160). */
export const fnolRequestSchema = z
  .object({
    policyId: z.string().uuid(),
    claimType: claimTypeSchema,
    claimSubType: z.enum(SUB_TYPES).optional(),
    /** When it happened: an ISO date-time with an offset; not in the future, within the cover period. */
    occurredAt: z.iso.datetime({ offset: true }),
    location: requiredText(200),
    description: requiredText(2000),
    otherParty: z
      .object({
        name: plainText(120).optional(),
        vehicleRegistration: plainText(12).optional(),
        insurer: plainText(120).optional(),
        contact: plainText(200).optional(),
      })
      .optional(),
    witnesses: z.array(person).max(5).default([]),
    injuries: z.boolean(),
    injuryDetails: plainText(1000).optional(),
    policeReference: plainText(40)
      .pipe(z.string().regex(/^[A-Za-z0-9/ -]*$/, 'Letters, digits, spaces, / and - only'))
      .optional(),
  })
  .superRefine((v, ctx) => {
    const allowed = (CLAIM_SUB_TYPES as Record<string, readonly string[]>)[v.claimType];
    if (v.claimSubType && !allowed?.includes(v.claimSubType)) {
      ctx.addIssue({ code: 'custom', path: ['claimSubType'], message: 'Not a kind of this claim type' });
    }
    if (allowed && !v.claimSubType) {
      ctx.addIssue({ code: 'custom', path: ['claimSubType'], message: 'Please answer this question' });
    }
    if (v.injuries && !v.injuryDetails) {
      ctx.addIssue({
        code: 'custom',
        path: ['injuryDetails'],
        message: 'Please tell us who was hurt and how',
      });
    }
  });
export type FnolRequest = z.input<typeof fnolRequestSchema>;

export const fnolResponseSchema = z.object({
  claimReference: z.string(),
  status: claimStatusSchema,
  policyNumber: z.string(),
});
export type FnolResponse = z.infer<typeof fnolResponseSchema>;

/** POST /api/claims/{claimReference}/transition: staff move a claim on (pending → active → settled). */
export const claimTransitionRequestSchema = z.object({
  to: z.enum(['active', 'settled']),
  note: requiredText(2000),
  /** Whether the customer sees the note on their claim tracker; internal unless ticked (ADR 354). */
  customerVisible: z.boolean().default(false),
});
export type ClaimTransitionRequest = z.input<typeof claimTransitionRequestSchema>;
export const claimEventSchema = z.object({
  fromStatus: claimStatusSchema.nullable(),
  toStatus: claimStatusSchema,
  /** The handler's note; to a customer, only the notes meant for them (else null, ADR 354). */
  note: z.string().nullable(),
  customerVisible: z.boolean(),
  actorKind: z.enum(['customer', 'staff', 'external']),
  actorSubject: z.string().nullable(),
  createdAt: z.string(),
});
export type ClaimEvent = z.infer<typeof claimEventSchema>;
export const claimDetailSchema = claimSchema.extend({ events: z.array(claimEventSchema) });
export type ClaimDetail = z.infer<typeof claimDetailSchema>;

/** GET /api/admin/claims: the staff queue, across customers, open claims first and oldest first. */
export const staffClaimSchema = claimSchema.extend({
  customerPartyId: z.string(),
  customerEmail: z.string().nullable(),
  updatedAt: z.string(),
});
export type StaffClaim = z.infer<typeof staffClaimSchema>;
export const staffClaimQueueSchema = z.array(staffClaimSchema);

/** GET /api/admin/claims/{claimReference}: what the customer reported, the policy's uploads, the whole history. */
export const staffClaimDetailSchema = staffClaimSchema.extend({
  source: z.enum(['online', 'external']),
  report: z.object({
    location: z.string(),
    description: z.string(),
    otherParty: z
      .object({
        name: z.string().optional(),
        vehicleRegistration: z.string().optional(),
        insurer: z.string().optional(),
        contact: z.string().optional(),
      })
      .nullable(),
    witnesses: z.array(z.object({ name: z.string(), contact: z.string().optional() })),
    injuries: z.boolean(),
    injuryDetails: z.string().nullable(),
    policeReference: z.string().nullable(),
  }),
  /** Documents the customer sent on this policy (uploads are per policy, not per claim). */
  uploads: z.array(
    z.object({
      purpose: z.string(),
      comment: z.string().nullable(),
      committedAt: z.string(),
      fileNames: z.array(z.string()),
    }),
  ),
  /** The moves the claim machine allows from here (empty once settled). */
  moves: z.array(z.enum(['active', 'settled'])),
  events: z.array(claimEventSchema.extend({ actorEmail: z.string().nullable() })),
});
export type StaffClaimDetail = z.infer<typeof staffClaimDetailSchema>;

/** POST /api/fnol/link (spec 3 §7): the external notification service's page for this policy. */
export const fnolLinkRequestSchema = z.object({
  policyId: z.string().uuid(),
  privacyPolicyUrl: z.string().url().max(500).optional(),
  /** Where the external form returns to: a page of this app (same origin, or a path). */
  callbackUrl: z.string().min(1).max(500),
  telephone: plainText(30).optional(),
  email: z.string().trim().email().max(200).optional(),
});
export type FnolLinkRequest = z.infer<typeof fnolLinkRequestSchema>;
export const fnolLinkResponseSchema = z.object({ url: z.string() });
