import type { Brand } from '@forecourt/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Env } from '../config/env.ts';
import type { Database, Db } from '../db/connection.ts';
import type { Providers } from '../providers/index.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Who is calling. Every use case receives one; data access is scoped by `partyId`. */
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

/** The party whose data the caller may see, or undefined (anonymous without session, admin not impersonating). */
export function scopePartyId(caller: Caller): string | undefined {
  return caller.kind === 'none' ? undefined : caller.partyId;
}
