import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/connection.ts';
import { prepared } from '../db/prepared.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import type { Caller, Clock } from './context.ts';
import { AppError } from './errors.ts';

/** How long a retry waits for the first request with its key to finish before answering 409. */
const WAIT_MS = 15_000;
const POLL_MS = 50;
/** A key still "in progress" after this long belongs to a request that died: the next retry takes it over. */
const ABANDONED_MS = 2 * 60_000;

export interface IdempotentCall {
  db: Db;
  clock: Clock;
  /** The Idempotency-Key header; without one the operation simply runs. */
  key: string | undefined;
  partyId: string;
  operation: string;
  /** What makes two requests "the same" (path parameters and body). */
  request: unknown;
}

export interface IdempotentResult<T> {
  body: T;
  replayed: boolean;
}

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, stable(v)]));
  }
  return value;
}

export const requestHash = (request: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(stable(request ?? null)))
    .digest('hex');

/** The claim of a key and the store of its answer: prepared once per database handle (ADR 270, issue 31). */
const claimKey = (db: Db) =>
  prepared(db, 'idempotency_claim', (d) =>
    d
      .insert(idempotencyKeys)
      .values({
        key: sql.placeholder('key'),
        partyId: sql.placeholder('partyId'),
        operation: sql.placeholder('operation'),
        requestHash: sql.placeholder('requestHash'),
        createdAt: sql`${sql.placeholder('createdAt')}::timestamptz`,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
      .prepare('idempotency_claim'),
  );
const storeAnswer = (db: Db) =>
  prepared(db, 'idempotency_store', (d) =>
    d
      .update(idempotencyKeys)
      .set({ statusCode: 200, response: sql`${sql.placeholder('response')}::jsonb` })
      .where(
        and(
          eq(idempotencyKeys.partyId, sql.placeholder('partyId')),
          eq(idempotencyKeys.operation, sql.placeholder('operation')),
          eq(idempotencyKeys.key, sql.placeholder('key')),
        ),
      )
      .prepare('idempotency_store'),
  );

/**
 * Runs `run` at most once per (party, operation, key) (DESIGN.md §3, ADR 110). The key row is inserted
 * first (ON CONFLICT DO NOTHING, committed on its own), so of concurrent requests exactly one runs; the
 * others wait for its stored answer and replay it. A successful answer is stored and replayed to every
 * retry with the same body; the same key with another body is 422. A failed run releases the key, so the
 * client may retry after fixing the cause (e.g. paying first) with the same key.
 */
export async function idempotent<T>(
  call: IdempotentCall,
  run: () => Promise<T>,
): Promise<IdempotentResult<T>> {
  if (!call.key) return { body: await run(), replayed: false };
  const { db, key, partyId, operation } = call;
  const hash = requestHash(call.request);
  const where = and(
    eq(idempotencyKeys.partyId, partyId),
    eq(idempotencyKeys.operation, operation),
    eq(idempotencyKeys.key, key),
  );
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const claimed = await claimKey(db).execute({
      key,
      partyId,
      operation,
      requestHash: hash,
      createdAt: call.clock.now().toISOString(),
    });
    if (claimed.length > 0) {
      let body: T;
      try {
        body = await run();
      } catch (err) {
        await db.delete(idempotencyKeys).where(where);
        throw err;
      }
      await storeAnswer(db).execute({ key, partyId, operation, response: JSON.stringify(body ?? null) });
      return { body, replayed: false };
    }
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row) continue; // the first request failed and released the key: run it ourselves
    if (row.requestHash !== hash) {
      throw new AppError(
        'UNPROCESSABLE',
        'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
      );
    }
    if (row.statusCode !== null) return { body: row.response as T, replayed: true };
    if (row.createdAt.getTime() < call.clock.now().getTime() - ABANDONED_MS) {
      const stale = new Date(call.clock.now().getTime() - ABANDONED_MS);
      await db
        .delete(idempotencyKeys)
        .where(and(where, isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, stale)));
      continue;
    }
    if (Date.now() > deadline) {
      throw new AppError(
        'CONFLICT',
        'A request with this Idempotency-Key is still being processed. Retry shortly.',
      );
    }
    await sleep(POLL_MS);
  }
}

/** The party a key belongs to: the caller's party, or (staff not acting for a customer) one derived from the user. */
export function idempotencyParty(caller: Caller): string {
  if (caller.kind !== 'none' && caller.partyId) return caller.partyId;
  const seed = caller.kind === 'admin' ? `staff:${caller.userId}` : 'none';
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Route helper: reads the Idempotency-Key header, runs once, marks replays with `Idempotent-Replayed: true`. */
export async function idempotentRoute<T>(
  services: { db: Db; clock: Clock },
  req: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  run: () => Promise<T>,
): Promise<T> {
  const header = req.headers['idempotency-key'];
  const key = req.caller.kind === 'none' ? undefined : Array.isArray(header) ? header[0] : header;
  const result = await idempotent(
    {
      db: services.db,
      clock: services.clock,
      key,
      partyId: idempotencyParty(req.caller),
      operation,
      request: { params: req.params, body: req.body },
    },
    run,
  );
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return result.body;
}

/** The optional header's schema, for a route's `headers`. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'Use printable characters without spaces')
    .optional(),
});

/** Keys are kept for a day (as Stripe does); a retry after that runs the operation again. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000;

/** Deletes keys older than the retention window; returns how many went. */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
