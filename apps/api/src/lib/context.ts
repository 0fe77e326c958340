import type { Brand } from '@forecourt/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Env } from '../config/env.ts';
import type { Database, Db } from '../db/connection.ts';
import type { Providers } from '../providers/index.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Who is calling. Every use case receives one; customer data is read through `owned(ctx)` (lib/party-scope.ts). */
export type Caller =
  | { kind: 'none' }
  | { kind: 'anonymous'; partyId: string }
  | {
      kind: 'customer';
      partyId: string;
      userId: string;
      permissions: string[];
      claims: Record<string, unknown>;
    }
  | {
      kind: 'admin';
      userId: string;
      permissions: string[];
      claims: Record<string, unknown>;
      /** The customer party being impersonated (X-Impersonate header), when any. */
      partyId: string | undefined;
    };

/** Long-lived things the app is built from. */
export interface AppServices {
  env: Env;
  brand: Brand;
  database: Database;
  db: Db;
  clock: Clock;
  boss: PgBoss | undefined;
  signingSecret: Uint8Array;
  providers: Providers;
}

/** What a use case gets: `(ctx, input)` (DESIGN.md §8). `db` may be a transaction. */
export interface Ctx extends Omit<AppServices, 'db'> {
  db: Db;
  caller: Caller;
  log: FastifyBaseLogger;
}

/**
 * The use-case context of a request: the app's services with the request's caller and logger. Routes call
 * this (and nothing else) to build `ctx`; the services come from the instance the request is served by.
 */
export function ctxOf(request: FastifyRequest): Ctx {
  return { ...request.server.services, caller: request.caller, log: request.log };
}

/** The origin a request came to (`X-Forwarded-Host` or `Host`), e.g. for the SPA's public config. */
export function requestOrigin(
  headers: Record<string, string | string[] | undefined>,
  protocol: string,
): string {
  const host = headers['x-forwarded-host'] ?? headers.host ?? 'localhost';
  return `${protocol}://${Array.isArray(host) ? host[0] : host}`;
}

/** The app's public origin for links (hosted-page returns, signed storage links): PUBLIC_URL, else the request's. */
export function appOrigin(request: FastifyRequest): string {
  const configured = request.server.services.env.PUBLIC_URL;
  if (configured) return configured.replace(/\/$/, '');
  return requestOrigin(request.headers, request.protocol);
}
