import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { PARTNER_EVENT_VERSION } from '@forecourt/contracts/partners';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { partnerDeliveries, partnerEndpoints, partnerEvents } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';
import { enqueue } from '../../lib/outbox.ts';
import { signatureHeader } from './signature.ts';
import { type CheckedUrl, checkPartnerUrl, UnsafeUrlError, type UrlPolicy } from './ssrf.ts';

/** Deliveries sent at once by one worker. */
export const DELIVERY_CONCURRENCY = 8;
/** A receiver gets this long to answer; a slow one never slows the API (this runs in the job worker). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A claimed delivery is the worker's until then: a killed worker's deliveries are taken again after it. */
export const DELIVERY_LEASE_MS = 60_000;
/** Backoff: 1, 2, 4 … minutes, at most 12 hours between tries. */
export const MAX_BACKOFF_MS = 12 * 60 * 60 * 1000;
/** Failing for this long disables the endpoint, and its contact is told by e-mail. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

export const backoffMs = (attempts: number) =>
  Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.max(0, Math.min(attempts - 1, 20)));

/** What the worker needs: the store, the clock, the URL policy and (for the disabling e-mail) the brand. */
type Services = Pick<AppServices, 'db' | 'clock' | 'env' | 'selfOrigin' | 'brand'>;

export function urlPolicyOf(services: Pick<AppServices, 'env' | 'selfOrigin'>): UrlPolicy {
  const env = services.env;
  return {
    allowPrivate: env.PARTNER_WEBHOOKS_ALLOW_PRIVATE,
    selfOrigins: [services.selfOrigin(), ...(env.PUBLIC_URL ? [env.PUBLIC_URL] : [])],
  };
}

interface Claimed {
  id: string;
  attempts: number;
  eventId: string;
  endpointId: string;
  firstFailedAt: Date | null;
}

/**
 * Claims up to `limit` due deliveries (one UPDATE, rows locked and skipped by other workers): pending, due,
 * not leased (or the lease ran out), the endpoint enabled, and no earlier pending delivery of the same policy
 * to the same endpoint (in order per policy). Each gets a lease and one more attempt.
 */
async function claimDue(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + DELIVERY_LEASE_MS);
  const result = await db.execute(sql`
    UPDATE partner_deliveries d SET lease_until = ${lease.toISOString()}::timestamptz, attempts = d.attempts + 1
     WHERE d.id IN (
       SELECT x.id FROM partner_deliveries x
         JOIN partner_endpoints e ON e.id = x.endpoint_id AND e.enabled
        WHERE x.status = 'pending'
          AND x.next_attempt_at <= ${now.toISOString()}::timestamptz
          AND (x.lease_until IS NULL OR x.lease_until < ${now.toISOString()}::timestamptz)
          AND NOT EXISTS (SELECT 1 FROM partner_deliveries y
                           WHERE y.endpoint_id = x.endpoint_id AND y.policy_id = x.policy_id
                             AND y.status = 'pending' AND y.seq < x.seq)
        ORDER BY x.seq
        LIMIT ${limit}
        FOR UPDATE OF x SKIP LOCKED)
    RETURNING d.id, d.attempts, d.event_id, d.endpoint_id, d.first_failed_at`);
  return (result.rows as Record<string, unknown>[]).map((r) => ({
    id: String(r.id),
    attempts: Number(r.attempts),
    eventId: String(r.event_id),
    endpointId: String(r.endpoint_id),
    firstFailedAt: r.first_failed_at ? new Date(String(r.first_failed_at)) : null,
  }));
}

/** The body sent for an event: its envelope (id, type, version, createdAt) and data. */
export function eventBody(event: typeof partnerEvents.$inferSelect): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    version: event.version ?? PARTNER_EVENT_VERSION,
    createdAt: event.createdAt.toISOString(),
    data: event.payload,
  });
}

/** One POST to the checked address (never resolved again), no redirects, within the timeout. */
function post(
  target: CheckedUrl,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number }> {
  const { url } = target;
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        // The answer's body is not read beyond a little; only its status counts.
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > 64 * 1024) res.destroy();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error('Timed out after 10 s')), DELIVERY_TIMEOUT_MS);
    req.on('timeout', () => req.destroy(new Error('Timed out after 10 s')));
    req.on('error', reject);
    req.on('close', () => clearTimeout(timer));
    req.end(body);
  });
}

/** Sends one claimed delivery and records the outcome (delivered, or the next try and perhaps disabling). */
async function deliverOne(services: Services, claimed: Claimed): Promise<'delivered' | 'failed'> {
  const { db, clock } = services;
  const [event] = await db.select().from(partnerEvents).where(eq(partnerEvents.id, claimed.eventId));
  const [endpoint] = await db
    .select()
    .from(partnerEndpoints)
    .where(eq(partnerEndpoints.id, claimed.endpointId));
  if (!event || !endpoint) throw new Error(`Delivery ${claimed.id} lost its event or endpoint`);
  const body = eventBody(event);
  const started = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const target = await checkPartnerUrl(endpoint.url, urlPolicyOf(services));
    const res = await post(target, body, {
      'forecourt-signature': signatureHeader(endpoint.secret, body, clock.now()),
      'forecourt-event-id': event.id,
      'forecourt-event-type': event.type,
      'user-agent': 'Forecourt-Webhooks/1',
    });
    status = res.status;
    if (status < 200 || status >= 300) error = `The receiver answered ${status}`;
  } catch (err) {
    error = err instanceof UnsafeUrlError ? `Refused: ${err.message}` : (err as Error).message;
  }
  const durationMs = Math.round(performance.now() - started);
  const now = clock.now();
  if (!error) {
    await db
      .update(partnerDeliveries)
      .set({
        status: 'delivered',
        deliveredAt: now,
        leaseUntil: null,
        lastResponseCode: status,
        durationMs,
        lastError: null,
        firstFailedAt: null,
      })
      .where(eq(partnerDeliveries.id, claimed.id));
    return 'delivered';
  }
  const firstFailedAt = claimed.firstFailedAt ?? now;
  await db.transaction(async (tx) => {
    await tx
      .update(partnerDeliveries)
      .set({
        leaseUntil: null,
        nextAttemptAt: new Date(now.getTime() + backoffMs(claimed.attempts)),
        lastResponseCode: status,
        durationMs,
        lastError: error.slice(0, 500),
        firstFailedAt,
      })
      .where(eq(partnerDeliveries.id, claimed.id));
    if (now.getTime() - firstFailedAt.getTime() >= DISABLE_AFTER_MS)
      await disableFailingEndpoint(tx, services, endpoint, now);
  });
  return 'failed';
}

/** After three days of failures: the endpoint is disabled and its contact told (one e-mail, by the outbox). */
async function disableFailingEndpoint(
  tx: Db,
  services: Services,
  endpoint: typeof partnerEndpoints.$inferSelect,
  now: Date,
) {
  const disabled = await tx
    .update(partnerEndpoints)
    .set({
      enabled: false,
      disabledReason: 'Deliveries failed for 3 days',
      updatedAt: now,
    })
    .where(and(eq(partnerEndpoints.id, endpoint.id), eq(partnerEndpoints.enabled, true)))
    .returning({ id: partnerEndpoints.id });
  if (disabled.length === 0) return;
  await enqueue(tx, {
    channel: 'email',
    recipient: endpoint.contactEmail,
    subject: `${services.brand.name}: your webhook endpoint was disabled`,
    body: [
      `Deliveries to your webhook endpoint ${endpoint.url} have failed for 3 days, so we have disabled it.`,
      'No events are lost: once it answers again, ask us to enable it and replay the events since it failed.',
    ].join('\n\n'),
    payload: { kind: 'partner-endpoint-disabled', endpointId: endpoint.id },
  });
}

/**
 * The `partner-webhooks` job's work: claims due deliveries, DELIVERY_CONCURRENCY at once, until none is due
 * or `budgetMs` has passed. Answers how many were delivered and how many failed.
 */
export async function deliverPartnerWebhooks(services: Services, budgetMs = 50_000) {
  const counts = { delivered: 0, failed: 0 };
  const until = Date.now() + budgetMs;
  while (Date.now() < until) {
    const batch = await claimDue(services.db, services.clock.now(), DELIVERY_CONCURRENCY);
    if (batch.length === 0) break;
    const outcomes = await Promise.all(batch.map((c) => deliverOne(services, c)));
    for (const o of outcomes) counts[o]++;
  }
  return counts;
}
