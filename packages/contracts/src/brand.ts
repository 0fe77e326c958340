import { REGISTRATION_FORMAT_SOURCES } from '@forecourt/domain/patterns';
import { DRIVEAWAY_TERMS } from '@forecourt/domain/policy/term';
import { ratingTablesSchema } from '@forecourt/domain/rating/tables';
import { z } from 'zod';
import { productConfigSchema } from './product-config.ts';

/**
 * The white-label brand configuration (spec 1 §3.5), as stored under config/brands/<brand>/.
 * Validated at API start-up; a broken file stops start-up naming the file and the field.
 */

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour');

export const themeSchema = z.object({
  colors: z.object({
    primary: colour,
    primaryContrast: colour,
    secondary: colour,
    accent: colour,
    background: colour,
    surface: colour,
    text: colour,
    textMuted: colour,
    border: colour,
    info: colour,
    success: colour,
    warning: colour,
    critical: colour,
    adminBar: colour,
    focus: colour,
  }),
  fonts: z.object({
    brand: z.string().min(1),
    plate: z.string().min(1),
  }),
  radius: z.string().default('8px'),
  logo: z.object({ src: z.string().min(1), alt: z.string().min(1), width: z.number().int().positive() }),
  favicon: z.string().optional(),
});

export const schemeSchema = z
  .object({
    schemeCode: z.string().min(1),
    productUrlName: z.string().regex(/^[a-z0-9-]+$/),
    product: z.enum(['SUBSCRIPTION', 'ANNUAL', 'DRIVEAWAY']),
    /** A driveaway scheme's length of cover (ADR 245): 1, 7 or 28 days; only driveaway schemes have one. */
    term: z.enum(DRIVEAWAY_TERMS).optional(),
    disabled: z.boolean().default(false),
    name: z.string().min(1),
  })
  .refine((s) => (s.product === 'DRIVEAWAY') === (s.term !== undefined), {
    path: ['term'],
    message: 'a DRIVEAWAY scheme needs a term (P1D, P7D or P28D) and only a DRIVEAWAY scheme has one',
  });

export const featuresSchema = z.object({
  multiQuote: z.boolean().default(true),
  allowModifyBillingDay: z.boolean().default(false),
  axitechFnol: z.boolean().default(false),
  isAdmin: z.boolean().default(false),
});

export const formatsSchema = z.object({
  /**
   * The plate input's partial pattern and divider. Its complete formats are the domain's registration formats
   * (the one definition, ADR 349), not the brand's to configure.
   */
  vehicleRegistration: z.object({
    formats: z
      .array(z.string())
      .default(() => [...REGISTRATION_FORMAT_SOURCES])
      .refine((f) => f.join('\n') === REGISTRATION_FORMAT_SOURCES.join('\n'), {
        message: 'the registration formats are the domain’s (ADR 349): leave them out of the brand',
      }),
    incomplete: z.string().min(1),
    divider: z.string(),
  }),
  phoneNumber: z.object({ prefix: z.string().regex(/^\+\d+$/), regex: z.string().min(1) }),
  postalCode: z.object({ regex: z.string().min(1) }),
});

export const inputRuleSchema = z.record(z.string(), z.unknown());
export const inputsSchema = z.record(z.string(), z.object({ rules: inputRuleSchema.default({}) }));

export const footerSchema = z.object({
  reviewProvider: z.object({ name: z.string(), url: z.string().url() }),
  poweredBy: z.string().min(1),
  links: z.array(z.object({ textKey: z.string(), url: z.string() })).default([]),
});

export const brandSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  contact: z.object({ email: z.string().email(), phone: z.string().min(1), claimsPhone: z.string().min(1) }),
  theme: themeSchema,
  features: featuresSchema,
  formats: formatsSchema,
  inputs: inputsSchema.default({}),
  footer: footerSchema,
  retrieve: z.object({ backBooks: z.array(z.string()).default([]) }),
  account: z
    .object({ settings: z.array(z.enum(['email', 'phoneNumber', 'marketingPreferences'])) })
    .optional(),
  contentBaseUrl: z.string().default('/content'),
  proposalTracking: z.object({ parameters: z.array(z.string()) }),
  schemes: z.array(schemeSchema).min(1),
  /** Product configuration per product kind (spec 1 §3.5, spec 3 §3); detailed by the quote journey. */
  productConfig: productConfigSchema,
  rating: ratingTablesSchema,
  /** Visible texts keyed; the web app carries defaults for every key. */
  texts: z.record(z.string(), z.string()).default({}),
});

export type Brand = z.infer<typeof brandSchema>;
export type Theme = z.infer<typeof themeSchema>;
export type Scheme = z.infer<typeof schemeSchema>;
export type Features = z.infer<typeof featuresSchema>;

/** What GET /api/config serves to the browser: the brand less anything server-only. */
export const publicConfigSchema = brandSchema.omit({ rating: true }).extend({
  environment: z.enum(['development', 'test', 'production']),
  auth: z.object({ issuer: z.string(), clientId: z.string(), audience: z.string() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
