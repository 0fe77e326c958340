import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { outbox } from '../db/schema/index.ts';
import type { AppServices } from './context.ts';
import { handlerOf, OUTBOX_EVENTS, type OutboxEventName, type OutboxEvents } from './domain-events.ts';
import { enqueue } from './outbox.ts';
import { outboxEventSchemas } from './outbox-events.ts';

/** Tries before an event is left `failed` for staff (as an e-mail's). */
export const MAX_EVENT_ATTEMPTS = 5;
/** A claim older than this is taken as a crash during its handler, and the event is handed out again. */
export const EVENT_LEASE_MS = 5 * 60 * 1000;

/**
 * Writes an outbox event in the caller's transaction (ADR 346): it exists if and only if the emitting write
 * committed. Answers its id, for `deliverEvent` once that has committed.
 */
export async function emitLater<K extends OutboxEventName>(
  db: Db,
  name: K,
  payload: OutboxEvents[K],
): Promise<string> {
  const data = outboxEventSchemas[name].parse(payload);
  return enqueue(db, { channel: 'event', subject: name, body: name, payload: { event: name, data } });
}

/**
 * Hands one outbox event to its handler, exactly once however often it is asked (after commit, by the job,
 * by two workers at once): the row is claimed by one UPDATE (pending, and not claimed within the lease), the
 * handler runs, and the row is marked sent. A handler that throws leaves it pending for the next try (failed
 * after MAX_EVENT_ATTEMPTS). While claimed, a pending row's sent_at is the time of the claim. A crash inside
 * the handler hands the event out again after the lease: handlers are idempotent (ADR 346).
 * Answers 'delivered', 'failed' (the handler threw) or 'skipped' (delivered already, or claimed elsewhere).
 */
export async function deliverEvent(
  services: AppServices,
  id: string,
): Promise<'delivered' | 'failed' | 'skipped'> {
  const now = services.clock.now();
  const [claimed] = await services.db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, sentAt: now })
    .where(
      and(
        eq(outbox.id, id),
        eq(outbox.channel, 'event'),
        eq(outbox.status, 'pending'),
        lt(outbox.attempts, MAX_EVENT_ATTEMPTS),
        or(isNull(outbox.sentAt), lt(outbox.sentAt, new Date(now.getTime() - EVENT_LEASE_MS))),
      ),
    )
    .returning();
  if (!claimed) return 'skipped';
  try {
    const name = claimed.subject as OutboxEventName;
    if (!OUTBOX_EVENTS.includes(name)) throw new Error(`Unknown outbox event ${claimed.subject}`);
    const data = outboxEventSchemas[name].parse(claimed.payload.data);
    await handlerOf(name)(services, data);
    await services.db
      .update(outbox)
      .set({ status: 'sent', sentAt: services.clock.now(), lastError: null })
      .where(eq(outbox.id, id));
    return 'delivered';
  } catch (err) {
    await services.db
      .update(outbox)
      .set({
        sentAt: null,
        lastError: (err as Error).message,
        status: claimed.attempts >= MAX_EVENT_ATTEMPTS ? 'failed' : 'pending',
      })
      .where(eq(outbox.id, id));
    return 'failed';
  }
}

/** Delivers events just emitted, once their transaction has committed (a failure stays for the job). */
export async function deliverNow(services: AppServices, ids: readonly string[]) {
  for (const id of ids) await deliverEvent(services, id);
}

/** The `domain-events` job: every outbox event still pending (oldest first), each through `deliverEvent`. */
export async function deliverPendingEvents(services: AppServices, limit = 100) {
  const pending = await services.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, 'event'),
        eq(outbox.status, 'pending'),
        inArray(outbox.subject, [...OUTBOX_EVENTS]),
        lt(outbox.attempts, MAX_EVENT_ATTEMPTS),
      ),
    )
    .orderBy(asc(outbox.createdAt))
    .limit(limit);
  const counts = { delivered: 0, failed: 0, skipped: 0 };
  for (const { id } of pending) counts[await deliverEvent(services, id)]++;
  return counts;
}
