import type PgBoss from 'pg-boss';
import type { Env } from '../config/env.ts';
import type { Db } from '../db/connection.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * What the app gives a provider that runs inside it (the sandboxes, filesystem storage) when it attaches: a
 * part of the app's services (`AppServices` satisfies it), declared here so that the providers do not import
 * the app's context, which imports them (ADR 170).
 */
export interface ProviderHost {
  env: Env;
  db: Db;
  clock: Clock;
  boss: PgBoss | undefined;
  signingSecret: Uint8Array;
  /** Where this process answers: the sandbox providers post their webhooks here (ADR 127). */
  selfOrigin(): string;
}
