import { POLICY_STATUSES, RENEWAL_CANCELLATION_REASONS } from '@forecourt/domain/enums';
import { NTU_REASONS, VOID_REASONS } from '@forecourt/domain/policy/void-ntu';
import { z } from 'zod';

/** Bind (spec 3 §7 "POST /proposals/{code}/bind"): the policy made from a proposal. */
export const bindResponseSchema = z.object({
  policyId: z.string(),
  policyNumber: z.string(),
  status: z.enum(['PENDING', 'ACTIVE']),
});
export type BindResponse = z.infer<typeof bindResponseSchema>;

export const policyStatusSchema = z.enum(POLICY_STATUSES);

/**
 * Where a policy stands for the customer (issue 28, ADR 352): worked out once, on the server, from the policy,
 * statement, payment and renewal lifecycles; every card, banner, tab, modal and e-mail reads it. Several facts
 * can hold at once (a collection in flight and a cancellation set); `headline` is the one to lead with.
 */
export const STANDING_KINDS = [
  'arrears',
  'notStarting',
  'ended',
  'lapsed',
  'ending',
  'referred',
  'pendingCollection',
  'renewing',
  'starting',
  'active',
] as const;
export const policyStandingSchema = z.object({
  headline: z.enum(STANDING_KINDS),
  /** Every fact that holds, most pressing first (the headline first). */
  facts: z.array(z.enum(STANDING_KINDS)),
  /**
   * Statements still owed and not being collected (pence): the only case for "please pay it now". `why` says what
   * the pages tell the customer: a collection that `failed`; a payment their bank or card issuer `takenBack` (a
   * charge back or a dispute, ADR 384, 392); or money still to pay for cover that has `ended` (ADR 388, 393).
   */
  arrears: z
    .object({
      amount: z.number().int(),
      statementNumbers: z.array(z.number().int()),
      why: z.enum(['failed', 'takenBack', 'ended']),
    })
    .nullable(),
  /** Statements raised and being collected (a Direct Debit in flight): not arrears. */
  pendingCollection: z
    .object({
      amount: z.number().int(),
      chargeAt: z.string().nullable(),
      statementNumbers: z.array(z.number().int()),
    })
    .nullable(),
  /** A cancellation is set: cover ends then (no renewal). */
  ending: z.object({ endsAt: z.string() }).nullable(),
  /**
   * The renewal at the anniversary while cover runs on to it: automatic (auto-renewal on, nothing in the way),
   * owing (auto-renewal on, but money is owed: it renews only once that is paid, ADR 400), referred (needs
   * review: we cannot renew automatically) or optedOut (cover ends at the anniversary).
   */
  renewal: z
    .object({ state: z.enum(['automatic', 'owing', 'referred', 'optedOut']), anniversaryAt: z.string() })
    .nullable(),
  /** Over: when it ended, and whether it never started (a PENDING policy cancelled before its start). */
  ended: z
    .object({ status: policyStatusSchema, endedAt: z.string().nullable(), neverStarted: z.boolean() })
    .nullable(),
  /**
   * Money the customer is owed back (ADR 405): a refund `onItsWay` (asked of the card or Direct Debit provider, or
   * paid there, until the last working day it should reach them, `reachesBy`: null when one still being paid out
   * is past that day); or, once the policy is no longer live, a credit
   * the account still holds: `toPayBack` (the hourly refund job pays it back the way they paid) or `held` (a
   * refund of it failed or came back: they are asked to call us). `method` is where the refund went or failed (a
   * card, or the bank account of a Direct Debit); null when both, and for a credit not yet paid back ("the way you
   * paid").
   */
  payingBack: z
    .object({
      amount: z.number().int(),
      state: z.enum(['onItsWay', 'toPayBack', 'held']),
      method: z.enum(['CARD', 'BACS_DEBIT']).nullable(),
      reachesBy: z.string().nullable(),
    })
    .nullable(),
  /** The next payment the customer will really pay: only the days on cover, on the day it is collected. */
  nextPayment: z
    .object({
      amount: z.number().int(),
      dueAt: z.string(),
      method: z.enum(['CARD', 'BACS_DEBIT']),
      /** The cover the payment is for ends inside its period (a cancellation): the last day paid. */
      coverEndsAt: z.string().nullable(),
    })
    .nullable(),
});
export type PolicyStanding = z.infer<typeof policyStandingSchema>;

/** A policy as the customer area reads it (spec 2 §3 Policy). */
export const policySchema = z.object({
  policyId: z.string(),
  policyNumber: z.string(),
  schemeCode: z.string(),
  policyRefNumber: z.string(),
  proposalCode: z.string(),
  policyDetail: z.object({
    policyStatus: policyStatusSchema,
    firstInceptedAt: z.string(),
    inceptedAt: z.string(),
    createdAt: z.string(),
    expiredAt: z.string().nullable(),
    terminatedAt: z.string().nullable(),
    renewalStopped: z.boolean(),
    autoRenewalEnabled: z.boolean(),
    /** Why the customer opted out of auto-renewal (spec 3 §3 reasons; 'Other|text' for Other). */
    autoRenewalReason: z.string().nullable().optional(),
  }),
  currentPolicyVersion: z.object({
    versionNumber: z.number().int(),
    startedAt: z.string(),
    quote: z.record(z.string(), z.unknown()),
  }),
  /**
   * GET /policies/{id} only: the answers of the latest version (what a mid-term change applies to), in the
   * proposal's data shape; the management pages start from them (ADR 255).
   */
  answers: z.record(z.string(), z.unknown()).optional(),
  /**
   * GET /policies/{id} only, when it is not the version in force now: the latest version, a change that waits to
   * take effect (ADR 398, 401). A change made now is made on it and priced against it, from its start or later; the
   * add-ons and excess pages start from its quote.
   */
  latestPolicyVersion: z
    .object({
      versionNumber: z.number().int(),
      startedAt: z.string(),
      quote: z.record(z.string(), z.unknown()),
    })
    .optional(),
  /** Every version of the policy, oldest first: each keeps its own certificate and schedule. */
  versions: z.array(z.object({ versionNumber: z.number().int(), startedAt: z.string() })).optional(),
  reviewType: z.enum(['AUTO', 'NEVER', 'MANUAL']),
  renewalProposal: z.string().nullable(),
  upsellProposal: z.string().nullable(),
  /** Renewal (issue 14): the cycle (0 in the first year), and whether the anniversary is within the window. */
  renewalCycle: z.number().int().optional(),
  inRenewalWindow: z.boolean().optional(),
  /**
   * The permission flag of spec 3 §4 step 9 (ADR 301): whether the customer may change the policy online
   * (management, excess and add-ons routes); when false they get the blocked modal. Staff are not bound by it.
   */
  adjustmentsAllowed: z.boolean().optional(),
  /** Where the policy stands for the customer (ADR 352); every page reads it instead of working it out. */
  standing: policyStandingSchema.optional(),
});
export type Policy = z.infer<typeof policySchema>;

export const policiesQuerySchema = z.object({ schemeCode: z.string().max(40).optional() });

/** Why a customer opts out of auto-renewal (spec 3 §3, the same list as cancellation). */
export const autoRenewalReasonSchema = z.enum(RENEWAL_CANCELLATION_REASONS);

/**
 * PUT /api/policies/{id}/autoRenewal (spec 3 §7): switch auto-renewal on, or off with a reason (required when
 * opting out; 'Other' needs the customer's words in `reasonText`).
 */
export const autoRenewalBodySchema = z
  .object({
    enabled: z.boolean(),
    reason: autoRenewalReasonSchema.optional(),
    reasonText: z.string().trim().min(1).max(500).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.enabled && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.optOutReasonRequired' });
    if (!body.enabled && body.reason === 'Other' && !body.reasonText)
      ctx.addIssue({ code: 'custom', path: ['reasonText'], message: 'validation.optOutReasonTextRequired' });
  });
export type AutoRenewalBody = z.infer<typeof autoRenewalBodySchema>;

/** One renewal cycle of a policy and its prices (pence): the queue's row and the review's head (ADR 265). */
export const renewalCycleShape = {
  cycle: z.number().int(),
  proposalCode: z.string(),
  status: z.enum(['MANUAL_REVIEW', 'REFERRED', 'UNRATED', 'INVITED', 'RENEWED', 'LAPSED']),
  reviewType: z.enum(['AUTO', 'MANUAL']),
  anniversaryAt: z.string(),
  previousTotal: z.number().int().nullable(),
  renewalTotal: z.number().int().nullable(),
  newBusinessTotal: z.number().int().nullable(),
  offeredTotal: z.number().int().nullable(),
  capped: z.boolean(),
};

/** GET /api/admin/renewals: renewals waiting for staff (MANUAL review, referred, unrated), with both prices. */
export const renewalQueueSchema = z.array(
  z.object({
    policyId: z.string(),
    policyNumber: z.string().optional(),
    vrn: z.string().nullable().optional(),
    ...renewalCycleShape,
    channel: z.string().nullable(),
    renewalTrace: z.array(z.unknown()),
    newBusinessTrace: z.array(z.unknown()),
    invitedAt: z.string(),
  }),
);

/** A disclosure answer written at a dotted path (the same shape as a proposal change's `update`). */
const disclosureUpdate = z.object({ path: z.string().min(1).max(200), value: z.unknown() });
const profileCode = z.string().min(1).max(20);

/**
 * PATCH /api/renewals/{code}: the changes a customer makes on the renewal quote: optional covers and
 * voluntary excess (ADR 222), and the answers of a disclosure section — the car, the policyholder, a named
 * driver added, changed or removed (ADR 330). The policy's read-only answers stay read-only; the start date
 * (the anniversary) and promotions are not the customer's to change.
 */
export const renewalChangeRequestSchema = z.object({
  changes: z
    .array(
      z.discriminatedUnion('changeType', [
        z.object({ changeType: z.literal('ADD_COVER'), coverCode: z.string().min(1).max(40) }),
        z.object({ changeType: z.literal('REMOVE_COVER'), coverCode: z.string().min(1).max(40) }),
        z.object({
          changeType: z.literal('REQUEST_COVER_OPTION'),
          coverCode: z.string().min(1).max(40),
          selected: z.boolean().nullable(),
        }),
        z.object({
          changeType: z.literal('SELECT_VOLUNTARY_EXCESS'),
          excess: z.number().int().min(0).max(10_000),
        }),
        z.object({
          changeType: z.literal('ASSET_DISCLOSURE_CHANGE'),
          assetCode: z.string().max(40).optional(),
          update: disclosureUpdate,
        }),
        z.object({ changeType: z.literal('PROFILE_DISCLOSURE_CHANGE'), update: disclosureUpdate }),
        z.object({
          changeType: z.literal('ADDITIONAL_PROFILE_DISCLOSURE_CHANGE'),
          profileCode,
          update: disclosureUpdate,
        }),
        z.object({ changeType: z.literal('ADDITIONAL_PROFILE_CREATE_CHANGE'), profileCode }),
        z.object({ changeType: z.literal('REMOVE_PROFILE'), profileCode }),
      ]),
    )
    .min(1)
    .max(100),
});
export type RenewalChangeRequest = z.infer<typeof renewalChangeRequestSchema>;

/** Staff's note on a void or NTU: what they found (kept with the policy's end, shown in the audit). */
const endNote = z.string().trim().min(1).max(2000);

/** The policy number typed again: an end from inception cannot be undone, so staff confirm which policy. */
const confirmNumber = z.string().trim().min(1).max(40);

/** POST /api/policies/{id}/void (ADR 240): staff with action:underwriting void a policy from inception. */
export const voidPolicyBodySchema = z.object({
  reason: z.enum(VOID_REASONS),
  note: endNote,
  policyNumber: confirmNumber,
});
export type VoidPolicyBody = z.infer<typeof voidPolicyBodySchema>;

/** POST /api/policies/{id}/notTakenUp (ADR 240): staff mark a policy not taken up (NTU) from inception. */
export const notTakenUpBodySchema = z.object({
  reason: z.enum(NTU_REASONS),
  note: endNote,
  policyNumber: confirmNumber,
});
export type NotTakenUpBody = z.infer<typeof notTakenUpBodySchema>;

/** What ending a policy from inception did: its status and end, and the ledger's credit and refund. */
export const policyEndResultSchema = z.object({
  policyId: z.string(),
  policyStatus: policyStatusSchema,
  terminatedAt: z.string(),
  reason: z.string(),
  creditPence: z.number().int(),
  refundPence: z.number().int(),
});
export type PolicyEndResult = z.infer<typeof policyEndResultSchema>;
