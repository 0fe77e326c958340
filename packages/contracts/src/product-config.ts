import { COOLING_OFF_START_BASES } from '@forecourt/domain/enums';
import { DEFAULT_CANCELLATION_CONFIG } from '@forecourt/domain/policy/cancellation';
import { z } from 'zod';

/**
 * The product configuration of a brand (spec 1 §3.5, spec 3 §3 "Product configuration"): the disclosure
 * sections and their questions, covers, excess options, before-we-begin, account set-up, the expired
 * proposal page, the additional-driver cap, promotions and tracking. The web form engine renders the
 * sections; each question names where its answer lives in the proposal data (target + path).
 */

/** Input types of spec 1 §5.2 plus the composite widgets the quote journey needs. */
export const inputTypes = [
  'vehicleTabs',
  'address',
  'name',
  'dateOfBirth',
  'date',
  'datePicker',
  'yearMonth',
  'numberText',
  'text',
  'email',
  'phoneNumber',
  'radio',
  'select',
  'yesNo',
  'checkbox',
  'checkboxPromotion',
  'marketingPreferences',
  'dataLookup',
  'loop',
] as const;
export type InputType = (typeof inputTypes)[number];

/** A reference to another answer: a question id of the same form, or `policyholder.<path>` / `asset.<path>`. */
const refSchema = z.string().min(1);

/** Validation rules keyed by name (spec 1 §5.2); each failure message is keyed per question and rule. */
export const questionRulesSchema = z
  .object({
    required: z.boolean(),
    minLength: z.number().int().nonnegative(),
    maxLength: z.number().int().positive(),
    greaterThanOrEqual: z.number(),
    lessThanOrEqual: z.number(),
    regExp: z.string(),
    blacklist: z.string(),
    onlyAccept: z.unknown(),
    minYear: z.number().int(),
    /** Date rules relative to today: ISO-8601 durations like "-P125Y", "P0D", "P30D". */
    afterOrEqual: z.string(),
    beforeOrEqual: z.string(),
    /** Cross-field: this date ≥ the referenced date plus `years`. */
    afterOrEqualField: z.object({ ref: refSchema, years: z.number().int().default(0) }),
    /** Radio rule: the referenced date plus `years` plus the chosen number of years ≤ today. */
    beforeOrEqualPlusYears: z.object({ ref: refSchema, years: z.number().int() }),
    /** Loops: item count bounds. */
    minItems: z.number().int().nonnegative(),
    maxItems: z.number().int().positive(),
  })
  .partial();
export type QuestionRules = z.infer<typeof questionRulesSchema>;

/** When a question or section shows (spec 2 §5 "Dynamic forms"); all listed conditions must hold. */
export const conditionSchema = z.union([
  z.object({
    field: z.string().min(1),
    /** Inside an object value, e.g. "specification.steering" of the vehicle. */
    path: z.string().optional(),
    equals: z.unknown().optional(),
    in: z.array(z.unknown()).optional(),
    notIn: z.array(z.unknown()).optional(),
    empty: z.boolean().optional(),
  }),
  z.object({ anonymous: z.boolean() }),
  z.object({ admin: z.boolean() }),
  z.object({ feature: z.string().min(1), enabled: z.boolean().default(true) }),
  z.object({ promotion: z.enum(['any', 'requiresTerms']) }),
  z.object({ schemeCode: z.string().min(1) }),
]);
export type Condition = z.infer<typeof conditionSchema>;

export const targets = ['asset', 'profile', 'quote', 'none'] as const;

export interface Question {
  id: string;
  input: InputType;
  /** Where the answer lives; `none` for a question that only steers conditions (e.g. "any claims?"). */
  target?: (typeof targets)[number];
  /** Dotted path inside the target; for `spread` inputs the value's keys are written one by one. */
  path?: string;
  spread?: boolean;
  options?: string;
  rules?: QuestionRules;
  conditions?: Condition[];
  /** Keep (and still send) the value while hidden. */
  preserve?: boolean;
  /** Sent when the question is hidden (e.g. [] for a hidden claims loop, null for occupation). */
  hiddenValue?: unknown;
  /** Sent when hidden, taken from another answer (e.g. the car's catalogue value in pence × 0.01). */
  hiddenValueFrom?: { field: string; path?: string; scale?: number };
  defaultValue?: unknown;
  /** A `none` question answered from the data: true when the array at this path has items. */
  derivedFrom?: string;
  lookup?: { table: string; minimumLookupChars: number; regExp?: string; characterLimit?: number };
  /** Loops: the questions of one item (their paths are keys of the item). */
  item?: Question[];
  /** Loops: the item field shown as the item's title in the list. */
  itemTitle?: string;
}

export const questionSchema: z.ZodType<Question> = z.lazy(() =>
  z.object({
    id: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
    input: z.enum(inputTypes),
    target: z.enum(targets).optional(),
    path: z.string().optional(),
    spread: z.boolean().optional(),
    options: z.string().optional(),
    rules: questionRulesSchema.optional(),
    conditions: z.array(conditionSchema).optional(),
    preserve: z.boolean().optional(),
    hiddenValue: z.unknown().optional(),
    hiddenValueFrom: z
      .object({
        field: z.string().min(1),
        path: z.string().optional(),
        scale: z.number().positive().optional(),
      })
      .optional(),
    defaultValue: z.unknown().optional(),
    derivedFrom: z.string().optional(),
    lookup: z
      .object({
        table: z.string().min(1),
        minimumLookupChars: z.number().int().positive(),
        regExp: z.string().optional(),
        characterLimit: z.number().int().positive().optional(),
      })
      .optional(),
    item: z.array(questionSchema).optional(),
    itemTitle: z.string().optional(),
  }),
);

export const sectionSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  /** Disclosure type of spec 1 §3.6: the policyholder's answers, additional profiles, or a promotion. */
  disclosureType: z.enum(['POLICYHOLDER', 'ADDITIONAL_PROFILE', 'PROMOTION']).default('POLICYHOLDER'),
  /** Key of the progress-step label (spec 3 §2 "Quote progress steps"). */
  progressStep: z.string().min(1),
  questions: z.array(questionSchema).min(1),
  conditions: z.array(conditionSchema).default([]),
  skippable: z.boolean().default(false),
  validationProfile: z.string().optional(),
});
export type Section = z.infer<typeof sectionSchema>;

const coverSchema = z.object({
  code: z.string().min(1),
  inputs: z.array(questionSchema).default([]),
});

export const promotionConfigSchema = z.object({
  code: z.string().min(1),
  freeMonths: z.number().int().positive(),
  requiresTerms: z.boolean().default(false),
  minimumAge: z.number().int().positive().optional(),
  active: z.boolean().default(true),
  endDate: z.string().optional(),
});

/** Cancellation (spec 2 §3 "Cancellation config", ADR 210): reasons, days to defer, the cooling-off period. */
export const cancellationConfigSchema = z.object({
  reasons: z.array(z.string().min(1).max(40)).min(1),
  daysToDefer: z.number().int().min(0).max(365).nullable(),
  coolingOff: z.object({ days: z.number().int().min(0).max(60), from: z.enum(COOLING_OFF_START_BASES) }),
});

export const productConfigSchema = z.object({
  kind: z.enum(['SUBSCRIPTION', 'ANNUAL', 'DRIVEAWAY']).default('SUBSCRIPTION'),
  /** Option lists referenced by questions (`options`); each value's label is a text key. */
  optionSets: z.record(z.string(), z.array(z.union([z.string(), z.number()])).min(1)).default({}),
  disclosures: z.array(sectionSchema).min(1),
  covers: z.object({ included: z.array(z.string()), optional: z.array(coverSchema) }),
  excess: z.object({
    voluntaryExcess: z.array(z.number().int().nonnegative()).min(1),
    isAdjustable: z.boolean(),
  }),
  quoteDocuments: z.array(z.string()).default([]),
  beforeWeBegin: z.object({ items: z.array(z.string()).min(1) }),
  accountSetup: z.object({ fields: z.array(z.string()) }),
  expiredProposal: z.object({ startDateDaysAhead: z.number().int().positive() }),
  startDate: z.object({ daysInFuture: z.number().int().nonnegative(), days: z.number().int().positive() }),
  maxAdditionalProfiles: z.number().int().min(0).max(4),
  promotions: z.array(promotionConfigSchema).default([]),
  tracking: z.object({ parameters: z.array(z.string()) }),
  cancellation: cancellationConfigSchema.default(DEFAULT_CANCELLATION_CONFIG),
  /** Documents a customer may send at once (spec 3 §5 Uploads: maxFiles), ADR 260. */
  uploads: z.object({ maxFiles: z.number().int().min(1).max(20) }).default({ maxFiles: 5 }),
});
export type ProductConfig = z.infer<typeof productConfigSchema>;
export type PromotionConfig = z.infer<typeof promotionConfigSchema>;
