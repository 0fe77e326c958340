import { isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import type { sandboxCardRefunds, sandboxDdPayments, sandboxDdRefunds } from '../../db/schema/index.ts';

/**
 * How a sandbox provider calls the app back: a real HTTP POST to the app's own origin, retried a few times
 * with a short back-off as the real services do (they keep retrying for days; the sandbox gives up sooner).
 */
export async function deliverWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  log?: FastifyBaseLogger,
  attempts = 3,
): Promise<boolean> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'forecourt-sandbox', ...headers },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) return true;
      log?.warn({ url, status: res.status, attempt }, 'sandbox webhook refused');
      // 409 and 429 are "not yet": tried again here; any other 4xx is a refusal.
      if (res.status >= 400 && res.status < 500 && res.status !== 409 && res.status !== 429) return false;
    } catch (err) {
      log?.warn({ url, err: (err as Error).message, attempt }, 'sandbox webhook delivery failed');
    }
    await new Promise((r) => setTimeout(r, 250 * attempt));
  }
  return false;
}

export const sandboxId = (prefix: string, length = 24) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return prefix + Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};

/**
 * Where a sandbox resource (a card refund, a Direct Debit payment or refund) goes at a tick, and the steps the app
 * has still to hear of on the way (ADR 409). `path` is its way through its states, `due` the index on it the
 * clock has reached; `untoldFrom` the last state the app was told of while it has more to hear. Null when the
 * resource neither moves nor has anything untold, or has left the path (a payment cancelled, charged back).
 */
export function untoldSteps<S extends string>(
  path: readonly S[],
  r: { status: S; untoldFrom: S | null },
  due: number,
): { target: S; steps: S[] } | null {
  const at = path.indexOf(r.status);
  if (at < 0) return null;
  const to = Math.max(at, Math.min(due, path.length - 1));
  const told = r.untoldFrom === null ? at : path.indexOf(r.untoldFrom);
  const steps = path.slice((told < 0 ? at : told) + 1, to + 1);
  const target = path[to];
  return target !== undefined && steps.length > 0 ? { target, steps } : null;
}

/**
 * Sends each step's event in order until the app does not acknowledge one (ADR 409), then hands the resource
 * back: `untold_from` cleared when it heard them all, or moved to the last step heard; the lease ended; `tells`
 * moved on, so a tick that read the resource meanwhile does not take it on. Only the tick that took it on
 * (`won.tells`) hands it back. A step with no event of its own is heard by passing it. Answers the last step the
 * app heard, or null when it heard none.
 */
export async function tellAndHandBack<S extends string>(
  db: Db,
  table: UntoldTable,
  won: { id: string; tells: number; untoldFrom: S | null },
  steps: readonly S[],
  send: (step: S) => Promise<boolean>,
) {
  let heard: S | null = null;
  for (const step of steps) {
    if (!(await send(step))) break;
    heard = step;
  }
  const untold = heard === steps.at(-1) ? null : (heard ?? won.untoldFrom);
  await db.execute(
    sql`UPDATE ${table} SET untold_from = ${untold}, sending_until = NULL, tells = ${won.tells + 1}
         WHERE id = ${won.id} AND tells = ${won.tells}`,
  );
  return heard;
}

/** The sandbox tables whose resources keep what the app has not heard (ADR 409). */
type UntoldTable = typeof sandboxCardRefunds | typeof sandboxDdPayments | typeof sandboxDdRefunds;

/**
 * The lease of the tick sending a resource's events (ADR 409), in the database's time (the app's clock may stand
 * still in a test): another tick does not take the resource on before it ends, and a tick killed while sending
 * leaves the rest to the next tick after it.
 */
export const sendingLease = () => sql`now() + interval '2 minutes'`;

/** The resource is not being sent by another tick (its lease is over, or there is none). */
export const notBeingSent = (sendingUntil: AnyPgColumn) =>
  or(isNull(sendingUntil), lt(sendingUntil, sql`now()`));
