import { z } from 'zod';

/** Sign-in codes one address may ask for per 15 minutes (the only value production takes). */
export const SIGN_IN_CODES_PER_ADDRESS_DEFAULT = 5;

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Environment, validated once at start-up; every variable is documented in the README. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(8080),
    /** Unset: 127.0.0.1 (loopback only) outside production, 0.0.0.0 in production. */
    HOST: z.string().optional(),
    PUBLIC_URL: z.string().url().optional(),
    BRAND: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a brand folder name under config/brands')
      .default('forecourt'),
    BRANDS_DIR: z.string().optional(),
    DATA_DIR: z.string().default('.data'),
    /** PGlite only: seconds between passes of the embedded autovacuum (ADR 339); 0 turns it off. */
    DB_MAINTENANCE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(10),
    /** The web build the server serves; unset: apps/web/dist of this checkout. */
    WEB_DIST: z.string().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ANONYMOUS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    SEED_DEMO_DATA: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    JOBS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    ADMIN_PATH: z.string().default('/admin'),
    /** `true`, or a comma-separated list of proxy addresses to trust; off by default. */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
    OIDC_ISSUER: z.string().url().optional(),
    OIDC_AUDIENCE: z.string().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_ADMIN_CLIENT_ID: z.string().optional(),
    SMTP_URL: z.string().optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    GOCARDLESS_ACCESS_TOKEN: z.string().optional(),
    GOCARDLESS_WEBHOOK_SECRET: z.string().optional(),
    STORAGE: z.enum(['filesystem', 's3']).default('filesystem'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('eu-west-2'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    IDENTITY_CHECK_API_URL: z.string().url().optional(),
    IDENTITY_CHECK_API_TOKEN: z.string().optional(),
    SANDBOX_MANDATE_ACTIVATION_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    /** Partner origins (comma-separated) that payment pages may return to, besides the app's own (ADR 132). */
    ALLOWED_REDIRECT_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .url()
            .transform((u) => new URL(u).origin),
        ),
      ),
    QUOTE_VALIDITY_DAYS: z.coerce.number().int().min(1).max(90).default(30),
    /** Days before the anniversary a renewal is invited (ADR 220); fewer than 21 is raised to 21. */
    RENEWAL_INVITATION_DAYS: z.coerce.number().int().min(1).max(90).default(30),
    /** Production refuses to start with a sandbox payment provider unless this is `true` (a staging demo). */
    ALLOW_SANDBOX_PROVIDERS: bool.optional(),
    /** Swagger UI at /api/docs and the document at /api/openapi.json; unset: on, except in production. */
    API_DOCS: bool.optional(),
    /** Requests per client per RATE_LIMIT_WINDOW_SECONDS, per route group (ADR 128). */
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    RATE_LIMIT_SESSIONS: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_PROPOSALS: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_REFERENCE_CHECKS: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_ACCOUNT_CHECKS: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_ACCOUNT_CHANGES: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_FEEDBACK: z.coerce.number().int().min(1).default(10),
    /** Partner quotes per API key per window (ADR 363): a comparison site sends one per visitor. */
    RATE_LIMIT_PARTNER_QUOTES: z.coerce.number().int().min(1).default(6000),
    /** Unset: loopback clients are exempt from the rate limits outside production; never in production. */
    RATE_LIMIT_EXEMPT_LOOPBACK: bool.optional(),
    /**
     * Sign-in codes one address may ask for per 15 minutes; 5 unless set, and always 5 in production (the
     * browser journeys' shared server raises it: many journeys sign in the same demo customer; ADR 325).
     */
    SIGN_IN_CODES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).optional(),
    /**
     * Partner webhooks may go to loopback and private addresses (a test's local receiver, ADR 362); off by
     * default and always off in production. Metadata, link-local addresses and this server stay refused.
     */
    PARTNER_WEBHOOKS_ALLOW_PRIVATE: bool.optional(),
    VEHICLE_API_URL: z.string().url().optional(),
    VEHICLE_API_KEY: z.string().optional(),
    ADDRESS_API_KEY: z.string().optional(),
  })
  .transform((e) => {
    const production = e.NODE_ENV === 'production';
    return {
      ...e,
      HOST: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
      ALLOW_SANDBOX_PROVIDERS: e.ALLOW_SANDBOX_PROVIDERS ?? false,
      PARTNER_WEBHOOKS_ALLOW_PRIVATE: production ? false : (e.PARTNER_WEBHOOKS_ALLOW_PRIVATE ?? false),
      API_DOCS: e.API_DOCS ?? !production,
      // Loopback is never exempt in production (a proxy on the same host would make every client loopback).
      RATE_LIMIT_EXEMPT_LOOPBACK: production ? false : (e.RATE_LIMIT_EXEMPT_LOOPBACK ?? true),
      SIGN_IN_CODES_PER_ADDRESS: production
        ? SIGN_IN_CODES_PER_ADDRESS_DEFAULT
        : (e.SIGN_IN_CODES_PER_ADDRESS ?? SIGN_IN_CODES_PER_ADDRESS_DEFAULT),
    };
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable counts as unset (a common shell and CI habit).
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
