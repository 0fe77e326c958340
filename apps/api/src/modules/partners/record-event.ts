import { randomUUID } from 'node:crypto';
import {
  PARTNER_EVENT_VERSION,
  type PartnerEventInput,
  partnerEventDataSchemas,
} from '@forecourt/contracts/partners';
import { and, eq, sql } from 'drizzle-orm';
import { partnerDeliveries, partnerEndpoints, partnerEvents } from '../../db/schema/index.ts';
import { anyOf, insertRows } from '../../db/values.ts';
import type { TxAt } from '../../lib/domain-events.ts';

/**
 * The `lifecycle.announced` event's handler (ADR 362), in the emitter's transaction: each event is stored with
 * its policy's number and brand (the brand the policy was sold under) and one delivery per enabled endpoint of
 * that brand that takes its type, due now. It commits or rolls back with the facts it announces. A list (the
 * billing run's page of collected payments) is recorded in a few set-based statements, as one event is.
 */
export async function recordPartnerEvent(
  { db, at }: TxAt,
  announced: PartnerEventInput | readonly PartnerEventInput[],
): Promise<void> {
  const inputs: readonly PartnerEventInput[] = Array.isArray(announced)
    ? announced
    : [announced as PartnerEventInput];
  if (inputs.length === 0) return;
  const policyIds = [...new Set(inputs.map((i) => i.policyId))];
  const found = await db.execute(
    sql`SELECT p.id, p.policy_number, pr.brand FROM policies p
          LEFT JOIN proposals pr ON pr.proposal_code = p.proposal_code
         WHERE ${anyOf(sql`p.id`, policyIds)}`,
  );
  const policy = new Map(
    (found.rows as { id: string; policy_number: string; brand: string | null }[]).map((r) => [
      String(r.id),
      r,
    ]),
  );
  const events = inputs.map((input) => {
    const row = policy.get(input.policyId);
    if (!row) throw new Error(`Partner event ${input.type} for an unknown policy ${input.policyId}`);
    const data = partnerEventDataSchemas[input.type].parse({
      ...input.data,
      policyNumber: row.policy_number,
    });
    return {
      id: randomUUID(),
      brand: row.brand ?? '',
      type: input.type,
      version: PARTNER_EVENT_VERSION,
      policyId: input.policyId,
      policyNumber: row.policy_number,
      payload: data as Record<string, unknown>,
      createdAt: at,
    };
  });
  await insertRows(db, partnerEvents, events);
  const brands = [...new Set(events.map((e) => e.brand))];
  const endpoints = await db
    .select({
      id: partnerEndpoints.id,
      brand: partnerEndpoints.brand,
      eventTypes: partnerEndpoints.eventTypes,
    })
    .from(partnerEndpoints)
    .where(and(anyOf(partnerEndpoints.brand, brands, 'text'), eq(partnerEndpoints.enabled, true)));
  const deliveries = events.flatMap((event) =>
    endpoints
      .filter((e) => e.brand === event.brand && e.eventTypes.includes(event.type))
      .map((e) => ({
        id: randomUUID(),
        eventId: event.id,
        endpointId: e.id,
        policyId: event.policyId,
        nextAttemptAt: at,
        createdAt: at,
      })),
  );
  if (deliveries.length === 0) return;
  await insertRows(db, partnerDeliveries, deliveries);
  // Wakes the delivery job once this transaction commits (wake.ts); nothing is sent for a rollback.
  await db.execute(sql`NOTIFY partner_webhooks`);
}
