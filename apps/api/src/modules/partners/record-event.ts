import { randomUUID } from 'node:crypto';
import {
  PARTNER_EVENT_VERSION,
  type PartnerEventInput,
  partnerEventDataSchemas,
} from '@forecourt/contracts/partners';
import { and, eq, sql } from 'drizzle-orm';
import { partnerDeliveries, partnerEndpoints, partnerEvents } from '../../db/schema/index.ts';
import { insertRows } from '../../db/values.ts';
import type { TxAt } from '../../lib/domain-events.ts';

/**
 * The `lifecycle.announced` event's handler (ADR 362), in the emitter's transaction: the event is stored with
 * its brand (the brand the policy was sold under) and one delivery per enabled endpoint of that brand that
 * takes its type, due now. It commits or rolls back with the fact it announces.
 */
export async function recordPartnerEvent({ db, at }: TxAt, input: PartnerEventInput): Promise<void> {
  const found = await db.execute(
    sql`SELECT p.policy_number, pr.brand FROM policies p
          LEFT JOIN proposals pr ON pr.proposal_code = p.proposal_code
         WHERE p.id = ${input.policyId}`,
  );
  const row = (found.rows[0] ?? {}) as { policy_number?: string; brand?: string | null };
  if (!row.policy_number)
    throw new Error(`Partner event ${input.type} for an unknown policy ${input.policyId}`);
  const data = partnerEventDataSchemas[input.type].parse({ ...input.data, policyNumber: row.policy_number });
  const brand = row.brand ?? '';
  const id = randomUUID();
  await db.insert(partnerEvents).values({
    id,
    brand,
    type: input.type,
    version: PARTNER_EVENT_VERSION,
    policyId: input.policyId,
    policyNumber: row.policy_number,
    payload: data as Record<string, unknown>,
    createdAt: at,
  });
  const endpoints = await db
    .select({ id: partnerEndpoints.id })
    .from(partnerEndpoints)
    .where(
      and(
        eq(partnerEndpoints.brand, brand),
        eq(partnerEndpoints.enabled, true),
        sql`${input.type} = ANY(${partnerEndpoints.eventTypes})`,
      ),
    );
  if (endpoints.length === 0) return;
  await insertRows(
    db,
    partnerDeliveries,
    endpoints.map((e) => ({
      id: randomUUID(),
      eventId: id,
      endpointId: e.id,
      policyId: input.policyId,
      nextAttemptAt: at,
      createdAt: at,
    })),
  );
  // Wakes the delivery job once this transaction commits (wake.ts); nothing is sent for a rollback.
  await db.execute(sql`NOTIFY partner_webhooks`);
}
