import type { Brand } from '@forecourt/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Env } from '../config/env.ts';
import type { Database, Db } from '../db/connection.ts';
import type { Providers } from '../providers/providers.ts';
import type { Clock } from './clock.ts';
import { requestOrigin } from './origin.ts';

export { type Clock, systemClock } from './clock.ts';

/** Who is calling. Every use case receives one; customer data is read through `owned(ctx)` (lib/party-scope.ts). */
export type Caller =
  | { kind: 'none' }
  | {
      kind: 'anonymous';
      partyId: string;
      /**
       * The token is good but whether its party is still anonymous has not been asked yet: only on a route whose
       * use case asks it in its own statements (`partyCheckedInQuery`, ADR 372). `owned(ctx)` refuses such a caller, and an
       * error is answered only once the party is confirmed (`confirmParty`).
       */
      partyUnconfirmed?: true;
    }
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
  /**
   * Where this process itself answers (its listening address, else PUBLIC_URL): the sandbox providers post
   * their webhooks here, never to an origin taken from a request (ADR 127).
   */
  selfOrigin(): string;
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

/** The app's public origin for links (hosted-page returns, signed storage links): PUBLIC_URL, else the request's. */
export function appOrigin(request: FastifyRequest): string {
  return requestOrigin(request);
}
