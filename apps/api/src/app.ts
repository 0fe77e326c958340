import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Brand } from '@forecourt/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { loadBrand } from './config/brand.ts';
import { type Env, loadEnv } from './config/env.ts';
import { connect, type Database } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoData } from './db/seed.ts';
import { createBoss } from './jobs/boss.ts';
import { registerJobs } from './jobs/index.ts';
import { registerAuth } from './lib/auth.ts';
import { type AppServices, type Clock, systemClock } from './lib/context.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { ensureSecret } from './lib/secrets.ts';
import { modules } from './modules/index.ts';
import { createProviders, type Providers } from './providers/index.ts';
import { registerSpa } from './web/spa.ts';

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

/** Builds the whole platform from configuration, without listening (server.ts listens). */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const env = loadEnv({ ...process.env, ...options.env });
  const brand = options.brand ?? loadBrand(env.BRAND, env.BRANDS_DIR);
  const database =
    options.database ??
    (await connect({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pglite') }));
  await migrate(database);
  const signingSecret = new TextEncoder().encode(
    await ensureSecret(database.db, 'session-signing', env.SESSION_SECRET),
  );
  const providers = { ...createProviders(env, brand), ...options.providers };
  const boss = env.JOBS ? createBoss(database, env.DATABASE_URL) : undefined;
  const services: AppServices = {
    env,
    brand,
    database,
    db: database.db,
    clock: options.clock ?? systemClock,
    boss,
    signingSecret,
    providers,
  };

  const app = Fastify({
    logger:
      options.logger === false ? false : { level: env.LOG_LEVEL, redact: ['req.headers.authorization'] },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Only trust X-Forwarded-* when told a proxy sits in front; otherwise a client could fake its IP.
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 12 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', services);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyHelmet, {
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
  });
  await app.register(fastifyFormbody);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${brand.name} insurance platform API`, version: '0.1.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerErrorHandler(app);
  registerAuth(app);
  for (const plugin of modules) await app.register(plugin);
  await registerSpa(app);

  app.addHook('onReady', async () => {
    if (env.SEED_DEMO_DATA) await seedDemoData(services);
    if (boss) {
      boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
      await boss.start();
      await registerJobs(boss, services);
    }
  });
  app.addHook('onClose', async () => {
    if (boss) await boss.stop({ graceful: true, timeout: 5000 });
    if (!options.database) await database.close();
  });
  return app;
}
