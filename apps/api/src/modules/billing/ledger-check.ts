import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from './payment-day.ts';

/** A customer whose cash does not match their ledger (issue 26: the double-entry invariant). */
export interface LedgerBreak {
  partyId: string;
  /** Money received (settled payments and duplicate payments), pence. */
  receivedPence: number;
  /** Money paid back (refunds paid and duplicate payments refunded), pence. */
  refundedPence: number;
  /** The posted payment, payment reversal, refund and refund reversal lines of the customer's accounts. */
  cashLinesPence: number;
}

/**
 * The double-entry ledger invariant, as a check query (issue 26; docs/simulation.md R7): for every customer, the
 * money received less the money paid back equals minus the sum of the cash lines on their accounts (payments
 * are credits). A settled payment recorded nowhere, a refund paid twice or a line without its money shows here.
 * A duplicate payment (ADR 131) taken by a charge of its own is received and paid back outside its customer payment,
 * and nets out once refunded; one taken by its customer payment's own charge (the billing run collecting a statement
 * a settlement had paid, ADR 341) is in that payment's amount already, and its refund is a refund part of it (ADR 406:
 * counted once, so a refund of it that fails and is held again on the ledger still balances).
 * Answers every customer who breaks it; an empty list is a ledger in balance.
 */
export async function ledgerBreaks(db: Db): Promise<LedgerBreak[]> {
  const result = await db.execute(sql`
    WITH apart AS (
      SELECT d.* FROM duplicate_payments d JOIN customer_payments cp ON cp.id = d.customer_payment_id
       WHERE cp.provider_reference IS DISTINCT FROM d.payment_reference
    ), received AS (
      SELECT party_id, sum(amount_pence)::bigint AS pence FROM customer_payments WHERE status = 'SETTLED' GROUP BY party_id
      UNION ALL
      SELECT party_id, sum(amount_pence)::bigint FROM apart GROUP BY party_id
    ), refunded AS (
      SELECT cp.party_id, sum(r.amount_pence)::bigint AS pence
        FROM payment_refunds r JOIN customer_payments cp ON cp.id = r.customer_payment_id
       WHERE r.status = 'paid' GROUP BY cp.party_id
      UNION ALL
      SELECT party_id, sum(amount_pence)::bigint FROM apart WHERE status = 'refunded' GROUP BY party_id
    ), lines AS (
      SELECT a.party_id, sum(l.amount_pence)::bigint AS pence
        FROM statement_line_items l JOIN customer_accounts a ON a.id = l.account_id
       WHERE l.status = 'POSTED' AND l.type IN ('payment', 'payment_reversal', 'refund', 'refund_reversal')
       GROUP BY a.party_id
    ), parties AS (
      SELECT party_id FROM received UNION SELECT party_id FROM refunded UNION SELECT party_id FROM lines
    )
    SELECT p.party_id,
           coalesce((SELECT sum(pence) FROM received r WHERE r.party_id = p.party_id), 0)::bigint AS received,
           coalesce((SELECT sum(pence) FROM refunded r WHERE r.party_id = p.party_id), 0)::bigint AS refunded,
           coalesce((SELECT sum(pence) FROM lines l WHERE l.party_id = p.party_id), 0)::bigint AS lines
      FROM parties p`);
  return rowsOf<Record<string, unknown>>(result)
    .map((r) => ({
      partyId: String(r.party_id),
      receivedPence: Number(r.received),
      refundedPence: Number(r.refunded),
      cashLinesPence: Number(r.lines),
    }))
    .filter((b) => b.receivedPence - b.refundedPence !== -b.cashLinesPence)
    .sort((a, b) => a.partyId.localeCompare(b.partyId));
}
