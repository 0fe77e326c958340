import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Brand } from '@forecourt/contracts';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadBrand } from './config/brand.ts';
import { type Env, EnvError, loadEnv } from './config/env.ts';
import { connect, type Database } from './db/connection.ts';
import { scheduleEmbeddedMaintenance } from './db/embedded-maintenance.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoData } from './db/seed.ts';
import { createBoss } from './jobs/boss.ts';
import { registerJobs } from './jobs/index.ts';
import { registerAuth } from './lib/auth.ts';
import { type AppServices, type Clock, systemClock } from './lib/context.ts';
import { registerDevPageGuard } from './lib/dev-pages.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { registerInputGuard } from './lib/input-guard.ts';
import { registerRateLimits } from './lib/rate-limits.ts';
import { registerRoutePermissions } from './lib/route-permission.ts';
import { ensureSecret } from './lib/secrets.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { responseSerializerCompiler } from './lib/serializer.ts';
import { modules } from './modules/index.ts';
import { partnerWebhooksOpenApi, wakeOnPartnerEvents } from './modules/partners/index.ts';
import { advanceSandboxDirectDebit } from './providers/direct-debit/sandbox.ts';
import { createProviders, type Providers } from './providers/index.ts';
import { registerSpa } from './web/spa.ts';
import { wireDomainEvents } from './wiring.ts';

export interface BuildOptions {
  env?: Partial<Record<keyof Env, string>>;
  /** Use this database (tests); otherwise one is opened from the environment. */
  database?: Database;
  brand?: Brand;
  clock?: Clock;
  providers?: Partial<Providers>;
  /** Pretty or silent logs for tests; production logs JSON. */
  logger?: boolean;
}

const BAD_URL_MESSAGE = 'The request path is not valid: a broken %-escape or invalid Unicode text';
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Production takes real money only: a sandbox card or Direct Debit provider (no Stripe or GoCardless keys)
 * stops the start unless ALLOW_SANDBOX_PROVIDERS=true says it is meant (a staging demo). ADR 126.
 */
function refuseSandboxPaymentsInProduction(env: Env, providers: Providers) {
  if (env.NODE_ENV !== 'production' || env.ALLOW_SANDBOX_PROVIDERS) return;
  const sandboxes = [
    providers.cardPayments.name === 'sandbox' ? 'card payments (set STRIPE_SECRET_KEY)' : undefined,
    providers.directDebit.name === 'sandbox' ? 'Direct Debit (set GOCARDLESS_ACCESS_TOKEN)' : undefined,
  ].filter(Boolean);
  if (sandboxes.length === 0) return;
  throw new EnvError(
    `Refusing to start in production with sandbox payment providers: ${sandboxes.join(', ')}. ` +
      'The sandbox accepts test cards and serves public test pages. Configure the real providers, or set ' +
      'ALLOW_SANDBOX_PROVIDERS=true if this is a demonstration that must take no real money.',
  );
}

/** Builds the whole platform from configuration, without listening (server.ts listens). */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const env = loadEnv({ ...process.env, ...options.env });
  const brand = options.brand ?? loadBrand(env.BRAND, env.BRANDS_DIR);
  const providers = { ...createProviders(env, brand), ...options.providers };
  refuseSandboxPaymentsInProduction(env, providers);
  const database =
    options.database ??
    (await connect({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pglite') }));
  await migrate(database);
  const signingSecret = new TextEncoder().encode(
    await ensureSecret(database.db, 'session-signing', env.SESSION_SECRET),
  );
  // Every domain event's handler, from the one wiring file; refused here if any is missing (ADR 346).
  wireDomainEvents();
  const boss = env.JOBS ? createBoss(database, env.DATABASE_URL) : undefined;
  let listeningOrigin: string | undefined;
  const services: AppServices = {
    env,
    brand,
    database,
    db: database.db,
    clock: options.clock ?? systemClock,
    boss,
    signingSecret,
    providers,
    selfOrigin: () => listeningOrigin ?? env.PUBLIC_URL?.replace(/\/$/, '') ?? `http://127.0.0.1:${env.PORT}`,
  };

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: env.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers["x-api-key"]'] },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Only trust X-Forwarded-* when told a proxy sits in front; otherwise a client could fake its IP.
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 12 * 1024 * 1024,
    // onReady seeds the demo data on a fresh database: on a busy machine that takes longer than the 10 s default.
    pluginTimeout: 300_000,
    // A path the router cannot decode (a broken %-escape, the UTF-8 of a lone surrogate) gets the API's
    // one error shape too (ADR 128).
    frameworkErrors: (error, request, reply: FastifyReply) =>
      reply.status(400).send({
        code: 'VALIDATION',
        message: error.code === 'FST_ERR_BAD_URL' ? BAD_URL_MESSAGE : error.message,
        requestId: request.id,
      }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: env.NODE_ENV !== 'production' }));
  app.decorate('services', services);
  // Hooks that run on every request are synchronous where they can be: an async hook costs a promise and a
  // turn of the microtask queue each (issue 29).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // HSTS only on HTTPS (as seen directly or from a trusted proxy): over plain HTTP it means nothing, and
    // on a localhost port it would pin every other local app to HTTPS.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    const host = ['0.0.0.0', '::'].includes(address.address)
      ? address.family === 'IPv6'
        ? '[::1]'
        : '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    listeningOrigin = `http://${host}:${address.port}`;
  });
  // First, so that every answer carries them, a refusal by a hook below included.
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(env.OIDC_ISSUER ? [new URL(env.OIDC_ISSUER).origin] : [])],
        frameSrc: ["'self'"],
        formAction: ["'self'", ...(env.OIDC_ISSUER ? [new URL(env.OIDC_ISSUER).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  registerErrorHandler(app);
  registerInputGuard(app);
  registerDevPageGuard(app);
  await registerRateLimits(app);

  await app.register(fastifyFormbody);
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1 for the partner webhooks section (ADR 362).
      openapi: '3.1.0',
      info: { title: `${brand.name} insurance platform API`, version: '0.1.0' },
      webhooks: partnerWebhooksOpenApi(),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The aggregator quote API (ADR 363): a partner's key, made by staff with partner:admin.
          partnerApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The browsable docs and the document are optional: off by default in production (API_DOCS).
  if (env.API_DOCS) {
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }

  registerAuth(app);
  // Each staff route's declared permission, checked before its handler (issue 30 point 5).
  registerRoutePermissions(app);
  for (const plugin of modules) await app.register(plugin);
  await registerSpa(app);

  let stopPartnerWake = async () => {};
  app.addHook('onReady', async () => {
    if (boss) {
      boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
      await boss.start();
      await registerJobs(boss, services);
      // Partner webhooks go right after their event commits, not at the next minute (ADR 362).
      stopPartnerWake = await wakeOnPartnerEvents({ ...services, log: app.log });
    }
    // After the jobs: the demo's purchases ask for their documents and mandates by job (ADR 190).
    if (env.SEED_DEMO_DATA) await seedDemoData(services, app.log);
  });
  // The sandbox bank's day once the app listens (issue 28): what it said while the app could not hear it (a
  // mandate approved during the demo seed, before listen) is said again now, not ten minutes on.
  let bankDay: Promise<unknown> | undefined;
  app.addHook('onListen', async () => {
    if (env.SEED_DEMO_DATA)
      bankDay = advanceSandboxDirectDebit(services).catch((err) =>
        app.log.warn({ err }, 'sandbox bank day failed'),
      );
  });
  // A graceful stop lets that day finish while the app still listens, so that the bank and the app agree on
  // what it said (a copy of a stopped server's data, ADR 361, must not hold a mandate the bank approved and the
  // app never heard of).
  app.addHook('preClose', async () => {
    await bankDay;
  });
  // The embedded database has no autovacuum of its own (ADR 339): the server keeps it tidy.
  const maintenance =
    database.driver === 'pglite' && env.DB_MAINTENANCE_SECONDS > 0
      ? scheduleEmbeddedMaintenance(database, { everyMs: env.DB_MAINTENANCE_SECONDS * 1000, log: app.log })
      : undefined;
  app.addHook('onClose', async () => {
    try {
      await stopPartnerWake();
      if (boss) await boss.stop({ graceful: true, timeout: 5000 });
    } finally {
      await maintenance?.stop();
      if (!options.database) await database.close();
    }
  });
  return app;
}
