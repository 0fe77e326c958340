import { z } from 'zod';

/** Marketing preferences of a customer (spec 3 §3): each channel defaults on. */
export const marketingPreferencesSchema = z.object({
  email: z.boolean(),
  phone: z.boolean(),
  sms: z.boolean(),
});
export type MarketingPreferences = z.infer<typeof marketingPreferencesSchema>;

export const accountSettingSchema = z.enum(['email', 'phoneNumber', 'marketingPreferences']);
export type AccountSetting = z.infer<typeof accountSettingSchema>;

/** GET /api/policyholder: the signed-in (or impersonated) customer's account. */
export const policyholderSchema = z.object({
  partyId: z.string(),
  accountRegistered: z.boolean(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  marketingPreferences: marketingPreferencesSchema,
  /** Settings the customer cannot change here (the web shows an information modal instead). */
  readOnlySettings: z.array(accountSettingSchema),
});
export type Policyholder = z.infer<typeof policyholderSchema>;

const EMAIL =
  /^[^<>()!#~`$^*?/|[\]\\.,;:\s@]+(?:\.[^<>()!#~`$^*?/|[\]\\.,;:\s@]+)*@(?:\[?\d{1,3}(?:\.\d{1,3}){3}\]?|(?:[a-zA-Z0-9-]+\.)+[a-zA-Z]{2,})$/;
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(/^\P{Cc}*$/u, 'Enter a valid e-mail address')
  .regex(EMAIL, 'Enter a valid e-mail address');

/** A one-time code: 6 digits. */
export const oneTimeCodeSchema = z
  .string()
  .trim()
  .max(16)
  .regex(/^\d{6}$/, 'Enter the 6-digit code we sent you');

/**
 * PATCH /api/policyholder: only the settings that changed. Phone numbers are +44 followed by digits.
 * A new e-mail or mobile number is a sign-in identity, so it takes effect only with `code`, the one-time
 * code sent to that new address (the first call without it sends the code and answers 202).
 */
export const updatePolicyholderSchema = z
  .object({
    email: emailSchema.optional(),
    code: oneTimeCodeSchema.optional(),
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\+44(?:[12][0-9]{8,9}|7[0-9]{9})$/, 'Enter a valid UK phone number')
      .nullable()
      .optional(),
    marketingPreferences: marketingPreferencesSchema.optional(),
  })
  .strict();
export type UpdatePolicyholder = z.infer<typeof updatePolicyholderSchema>;

/** POST /api/policyholder/validateAccount: `source` is the proposal whose policyholder would hold the account. */
export const validateAccountRequestSchema = z.object({
  source: z.string().min(1).max(64),
  email: emailSchema.optional(),
});
export const validateAccountResponseSchema = z.object({ validationStatus: z.enum(['OK', 'CONFLICT']) });
export type ValidateAccountResponse = z.infer<typeof validateAccountResponseSchema>;

/** 202 from PATCH /api/policyholder: a code was sent to the new address; repeat the call with it. */
export const verificationRequiredSchema = z.object({
  status: z.literal('VERIFICATION_REQUIRED'),
  setting: z.enum(['email', 'phoneNumber']),
  channel: z.enum(['email', 'sms']),
  destination: z.string(),
});
export type VerificationRequired = z.infer<typeof verificationRequiredSchema>;
/** PATCH /api/policyholder: the account (200), or a code is needed first (202). */
export const updatePolicyholderResponseSchema = z.union([policyholderSchema, verificationRequiredSchema]);

/**
 * POST /api/proposals/{code}/account: without `code`, sends a one-time code to the proposal's
 * policyholder e-mail and answers 202 CODE_SENT (the same answer whether or not that e-mail already has an
 * account: its owner is told by e-mail instead); with the code, registers the account (200).
 */
export const registerAccountRequestSchema = z.object({ code: oneTimeCodeSchema.optional() }).strict();
export type RegisterAccountRequest = z.infer<typeof registerAccountRequestSchema>;
export const registerAccountCodeSentSchema = z.object({
  status: z.literal('CODE_SENT'),
  email: z.string(),
  expiresIn: z.number().int(),
});
export const registerAccountResponseSchema = z.object({
  status: z.literal('REGISTERED'),
  accountRegistered: z.literal(true),
  email: z.string(),
  /**
   * With the embedded issuer: a one-use ticket, valid 2 minutes, that signs this customer in (as
   * `login_hint`) without a second code. The visitor's anonymous token no longer reaches the account.
   */
  signInTicket: z.string().optional(),
});
export type RegisterAccountCodeSent = z.infer<typeof registerAccountCodeSentSchema>;
export type RegisterAccountResponse = z.infer<typeof registerAccountResponseSchema>;

/** POST /api/proposals/merge */
export const mergeProposalsRequestSchema = z.object({
  proposalCode: z.string().min(1).max(64),
  sourceAccessToken: z.string().min(1).max(4096),
});
export const mergeProposalsResponseSchema = z.object({
  proposalCode: z.string(),
  mergedProposals: z.number().int().min(0),
});
export type MergeProposalsResponse = z.infer<typeof mergeProposalsResponseSchema>;

/** GET /api/admin/audit */
export const auditEntrySchema = z.object({
  id: z.string(),
  adminSubject: z.string(),
  adminEmail: z.string().nullable(),
  customerPartyId: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  outcomeStatus: z.number().int(),
  createdAt: z.string(),
});
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/customers?customer= (staff with access:impersonate): the customer a party id or e-mail names. */
export const customerLookupQuerySchema = z.object({ customer: z.string().trim().min(1).max(254) });
export const customerLookupSchema = z.object({ partyId: z.string(), email: z.string().nullable() });
export type CustomerLookup = z.infer<typeof customerLookupSchema>;
