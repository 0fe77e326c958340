import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configRoutes } from './config/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { sessionRoutes } from './session/routes.ts';

/** Every module's routes; one line per module. */
export const modules: FastifyPluginAsyncZod[] = [healthRoutes, sessionRoutes, configRoutes];
