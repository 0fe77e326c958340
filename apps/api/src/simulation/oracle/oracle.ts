/**
 * The oracle (ADR 343): after every simulated day it reads the database through SQL and checks the money
 * rules (docs/simulation.md) against its own model (model.ts) of the facts. It must not import the billing,
 * payments, adjustments or policies modules, nor the domain's billing or policy rules (a test enforces it).
 */
import Holidays from 'date-holidays';
import type { Facts } from '../facts.ts';
import { billedThrough, dayOf, dayStart, expiryOf, premiumFor, TERM_DAYS } from './model.ts';

export interface Breach {
  kind: string;
  message: string;
}

type Query = (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

const DAY = 86_400_000;
const p = (n: number) => `${(n / 100).toFixed(2)}`;
const iso = (d: Date) => d.toISOString();
const num = (v: unknown) => Number(v ?? 0);
const date = (v: unknown) => (v ? new Date(v as string) : undefined);

/** A statement failed again by a debit charged back (ADR 384): its status seen with a reversal line on it. */
const CHARGED_BACK = 'failed (charged back)';
/** A payment SETTLED again after its bank cancelled its charge back (ADR 390). */
const REINSTATED = 'SETTLED (charge back cancelled)';

/** Legal status moves (from the spec and the code's intent); a status may also stay. */
export const LEGAL_MOVES: Record<string, Record<string, string[]>> = {
  policy: {
    PENDING: ['ACTIVE', 'CANCELLED', 'VOIDED', 'NTU'],
    ACTIVE: ['CANCELLED', 'VOIDED', 'NTU', 'LAPSED', 'RENEWED'],
    CANCELLED: [],
    VOIDED: [],
    NTU: [],
    LAPSED: [],
    RENEWED: [],
  },
  statement: {
    // (Raised, collected and its payment taken back between two looks: a card payment disputed the day it was
    // taken, seed 176, life 685056995.)
    draft: ['pending', 'settled', 'failed', CHARGED_BACK],
    pending: ['settled', 'failed', CHARGED_BACK],
    // A failed collection is retried (pending again) or paid.
    failed: ['pending', 'settled', CHARGED_BACK],
    // Only a debit charged back by the payer's bank (a reversal line on the statement) fails it again (ADR 384).
    settled: [CHARGED_BACK],
    [CHARGED_BACK]: ['pending', 'settled'],
  },
  payment: {
    DRAFT: ['PENDING', 'SETTLED', 'FAILED'],
    // (Confirmed and charged back between two looks: REVERSED, ADR 384.) A payment reversed that its bank did
    // not charge back is seen as REVERSED_UNEXPLAINED, which no move reaches.
    PENDING: ['SETTLED', 'FAILED', 'REVERSED', REINSTATED],
    // The billing run's retry reopens the statement's failed payment (reopenStatementPayment).
    FAILED: ['PENDING', 'SETTLED'],
    // Charged back by the payer's bank (ADR 384); the charge back cancelled by it (ADR 390), seen as REINSTATED
    // while its bank has it collected again (REINSTATED_UNEXPLAINED otherwise, which no move reaches).
    SETTLED: ['REVERSED', REINSTATED],
    REVERSED: [REINSTATED],
    [REINSTATED]: ['REVERSED'],
  },
  line: { PENDING: ['POSTED', 'FAILED'], POSTED: [], FAILED: [] },
  claim: { pending: ['active', 'settled'], active: ['settled'], settled: [] },
};

const holidays = new Holidays('GB', 'ENG');
const bankHolidays = new Map<number, Set<string>>();
function isWorkingDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  let set = bankHolidays.get(y);
  if (!set) {
    set = new Set(
      holidays
        .getHolidays(y)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    bankHolidays.set(y, set);
  }
  return !set.has(day);
}
function workingDaysAfter(day: string, n: number): string {
  let d = new Date(`${day}T12:00:00Z`);
  let left = n;
  while (left > 0) {
    d = new Date(d.getTime() + DAY);
    if (isWorkingDay(d.toISOString().slice(0, 10))) left--;
  }
  return d.toISOString().slice(0, 10);
}

/**
 * A surplus card payment (duplicate_payments, ADR 131, 341) taken by a charge of its own, not by the charge of a
 * payment the customer made: its money is received beside the payments, and paid back beside the refunds. One taken
 * by a payment's own charge is in that payment's amount already, and its refund is a refund of that payment.
 */
const CHARGED_APART = `NOT EXISTS (SELECT 1 FROM customer_payments c WHERE c.provider_reference = d.payment_reference)`;

/** A digest of every table the checks read: equal digests, equal verdicts. */
const FINGERPRINT = `SELECT
  (SELECT string_agg(id::text || status || coalesce(terminated_at::text, ''), ',') FROM policies) AS p,
  (SELECT count(*) || ':' || coalesce(sum(amount_pence), 0) || ':' || string_agg(status, '' ORDER BY id) FROM statement_line_items) AS l,
  (SELECT string_agg(status, '' ORDER BY id) FROM statements) AS s,
  (SELECT string_agg(status || amount_pence, '' ORDER BY id) FROM customer_payments) AS c,
  (SELECT string_agg(status, '' ORDER BY idempotency_key) FROM payment_refunds) AS r,
  (SELECT string_agg(status, '' ORDER BY id) FROM duplicate_payments) AS d,
  (SELECT string_agg(status, '' ORDER BY id) FROM sandbox_card_refunds) AS cr,
  (SELECT string_agg(status, '' ORDER BY id) FROM claims) AS cl,
  (SELECT count(*) FROM dd_collections) AS dd,
  (SELECT string_agg(status, '' ORDER BY id) FROM sandbox_dd_payments) AS bank,
  (SELECT count(*) FROM sandbox_card_charges) AS cards,
  (SELECT count(*) FROM outbox) AS o`;

export interface Oracle {
  /** Checks everything as of `now`; `final`: the life is over (every refund should be paid by now). */
  check(now: Date, final?: boolean): Promise<Breach[]>;
}

export function oracle(query: Query, facts: Facts, schemeCode: string): Oracle {
  const seen = new Map<string, string>();
  const reported = new Set<string>();
  let lastState = '';
  /** When this life's account was first seen suspended, while its policy is live; undefined otherwise. */
  let suspendedSince: Date | undefined;
  /** The London day each statement's advance notice (statement-issued e-mail) was first seen in the outbox. */
  const notices = new Map<string, string>();

  function move(kind: string, id: string, status: string, label: string, out: Breach[]) {
    const key = `${kind}:${id}`;
    const before = seen.get(key);
    seen.set(key, status);
    if (before === undefined || before === status) return;
    if (!(LEGAL_MOVES[kind]?.[before] ?? []).includes(status))
      out.push({ kind: `illegal-move:${kind}`, message: `${label} moved ${before} → ${status}` });
  }

  return {
    async check(now, final = false) {
      const out: Breach[] = [];
      const policyId = facts.policyId;
      if (!policyId || !facts.coverStart) return out;
      // The verdict depends only on the database, the facts and the period `now` falls in: when none of them
      // moved since the last check, it is the same verdict, and the check is skipped (a quiet day).
      const [print] = await query(FINGERPRINT);
      // A live policy's account suspended for non-payment raises no statement (ADR 203): billed as far as the
      // period the suspension began in, until the arrears are paid or cover ends (seed 129, life 684274471: a
      // debit charged back a week before a payment date, ADR 384). Seen from the first check that finds it.
      const [standing] = await query(
        `SELECT a.status AS account, p.status AS policy FROM customer_accounts a JOIN policies p ON p.id = a.policy_id
          WHERE a.policy_id = $1`,
        [policyId],
      );
      const live = ['ACTIVE', 'PENDING'].includes(String(standing?.policy));
      const suspended = standing?.account === 'SUSPENDED' && live;
      // Lifted on a live policy (the arrears paid, or the charge back cancelled by the bank, ADR 390): the periods
      // not raised meanwhile are raised by the next billing run, so the check that first finds it lifted keeps
      // the cut. (Cover ended instead: the run that ended it billed the days at once, ADR 388.)
      const cut = suspended ? (suspendedSince ?? now) : live ? suspendedSince : undefined;
      suspendedSince = suspended ? cut : undefined;
      const through =
        facts.product === 'SUBSCRIPTION' ? billedThrough(facts, facts.coverStart, cut ?? now) : undefined;
      const state = JSON.stringify([
        print,
        through,
        facts.versions.length,
        facts.ends.map((e) => e.at < now),
        facts.paymentDays.length,
        now >= expiryOf(facts.coverStart, TERM_DAYS[schemeCode]),
        final,
      ]);
      if (state === lastState) return out;
      lastState = state;
      const [policy] = await query('SELECT * FROM policies WHERE id = $1', [policyId]);
      if (!policy) return [{ kind: 'policy-missing', message: `policy ${policyId} not found` }];
      const label = `policy ${policy.policy_number}`;

      // Statuses, every entity of this life.
      const all = await query(
        `SELECT 'policy' AS k, id::text, status FROM policies
         UNION ALL SELECT 'statement', s.id::text || ' #' || s.statement_number,
           CASE WHEN s.status = 'failed' AND EXISTS (SELECT 1 FROM statement_line_items l WHERE l.statement_id = s.id
             AND l.type = 'payment_reversal' AND l.status = 'POSTED') THEN '${CHARGED_BACK}' ELSE s.status END
           FROM statements s
         UNION ALL SELECT 'payment', c.id::text || ' ' || c.purpose,
           CASE WHEN c.status = 'REVERSED' AND NOT EXISTS (SELECT 1 FROM dd_collections d
             JOIN sandbox_dd_payments b ON b.id = d.provider_payment_id
             WHERE d.customer_payment_id = c.id AND b.status = 'charged_back')
             AND NOT EXISTS (SELECT 1 FROM sandbox_card_disputes x
               WHERE x.payment_intent = c.provider_reference AND x.status = 'funds_withdrawn') THEN 'REVERSED_UNEXPLAINED'
           WHEN c.status = 'SETTLED' AND c.decline_code = 'chargeback_cancelled' THEN
             CASE WHEN EXISTS (SELECT 1 FROM dd_collections d JOIN sandbox_dd_payments b ON b.id = d.provider_payment_id
               WHERE d.customer_payment_id = c.id AND b.status = 'confirmed') THEN '${REINSTATED}'
             ELSE 'REINSTATED_UNEXPLAINED' END
           WHEN c.status = 'SETTLED' AND c.decline_code = 'card_dispute_won' THEN
             CASE WHEN EXISTS (SELECT 1 FROM sandbox_card_disputes x
               WHERE x.payment_intent = c.provider_reference AND x.status = 'funds_reinstated') THEN '${REINSTATED}'
             ELSE 'REINSTATED_UNEXPLAINED' END
           ELSE c.status END
           FROM customer_payments c
         UNION ALL SELECT 'line', id::text || ' ' || type, status FROM statement_line_items
         UNION ALL SELECT 'claim', id::text, status FROM claims`,
      );
      for (const r of all) move(String(r.k), String(r.id), String(r.status), `${r.k} ${r.id}`, out);

      // No operation had two effects.
      for (const r of await query(
        'SELECT proposal_code, count(*)::int AS n FROM policies WHERE previous_policy_id IS NULL GROUP BY 1 HAVING count(*) > 1',
      ))
        out.push({ kind: 'double-bind', message: `${r.n} policies bound for proposal ${r.proposal_code}` });
      for (const r of await query(
        `SELECT purpose, reference, count(*)::int AS n, sum(amount_pence)::int AS total FROM customer_payments
          WHERE status = 'SETTLED' AND purpose <> 'settle' GROUP BY 1, 2 HAVING count(*) > 1`,
      ))
        out.push({
          kind: 'double-charge',
          message: `${r.n} settled ${r.purpose} payments for ${r.reference} (${p(num(r.total))} in all)`,
        });

      // The bank's side: every card charge the sandbox card provider took off-session, and every Direct Debit
      // its bank confirmed, is a settled customer payment (no money taken twice or taken unrecorded).
      for (const r of await query(
        `SELECT k.idempotency_key AS key, k.amount_pence AS a FROM sandbox_card_charges k
          WHERE k.status = 'succeeded' AND NOT EXISTS (SELECT 1 FROM customer_payments c
            WHERE c.provider_reference = k.payment_intent AND c.status = 'SETTLED')
            AND NOT EXISTS (SELECT 1 FROM sandbox_card_disputes x
              WHERE x.payment_intent = k.payment_intent AND x.status = 'funds_withdrawn')
            AND NOT EXISTS (SELECT 1 FROM duplicate_payments d WHERE d.payment_reference = k.payment_intent)`,
      ))
        out.push({
          kind: 'charge-unrecorded',
          message: `${label}: the card was charged ${p(num(r.a))} (key ${r.key}) with no settled payment for it`,
        });
      for (const r of await query(
        `SELECT b.id, b.amount_pence AS a FROM sandbox_dd_payments b WHERE b.status = 'confirmed'
            AND b.untold_from IS NULL
            AND NOT EXISTS (SELECT 1 FROM dd_collections d JOIN customer_payments c ON c.id = d.customer_payment_id
              WHERE d.provider_payment_id = b.id AND c.status = 'SETTLED')`,
      ))
        out.push({
          kind: 'debit-unrecorded',
          message: `${label}: the bank confirmed a Direct Debit of ${p(num(r.a))} (${r.id}) with no settled payment for it`,
        });
      // Every debit the bank charged back is a reversed payment, with its reversal on the ledger (ADR 384).
      for (const r of await query(
        `SELECT b.id, b.amount_pence AS a FROM sandbox_dd_payments b WHERE b.status = 'charged_back'
            AND b.untold_from IS NULL
            AND NOT EXISTS (SELECT 1 FROM dd_collections d JOIN customer_payments c ON c.id = d.customer_payment_id
              WHERE d.provider_payment_id = b.id AND c.status = 'REVERSED'
                AND (SELECT coalesce(sum(l.amount_pence), 0) FROM statement_line_items l
                      WHERE l.customer_payment_id = c.id AND l.type = 'payment_reversal' AND l.status = 'POSTED') = b.amount_pence)`,
      ))
        out.push({
          kind: 'chargeback-unrecorded',
          message: `${label}: the bank charged back a Direct Debit of ${p(num(r.a))} (${r.id}) with no reversed payment and reversal line for it`,
        });

      // Every card payment whose issuer took it back on a dispute is a reversed payment, with its reversal on the
      // ledger for the dispute's amount (ADR 392).
      for (const r of await query(
        `SELECT x.payment_intent AS id, x.amount_pence AS a FROM sandbox_card_disputes x WHERE x.status = 'funds_withdrawn'
            AND NOT EXISTS (SELECT 1 FROM customer_payments c WHERE c.provider_reference = x.payment_intent
              AND c.status = 'REVERSED'
              AND (SELECT coalesce(sum(l.amount_pence), 0) FROM statement_line_items l
                    WHERE l.customer_payment_id = c.id AND l.type = 'payment_reversal' AND l.status = 'POSTED') = x.amount_pence)`,
      ))
        out.push({
          kind: 'dispute-unrecorded',
          message: `${label}: the card issuer took back ${p(num(r.a))} (${r.id}) on a dispute with no reversed payment and reversal line for it`,
        });

      // (A debit, charge back or refund failure the provider has not yet told the app of, `untold_from` set, ADR 409,
      // is not the app's to know: the provider sends it at its next tick, as before it kept the old state.)
      // Every card refund that failed at the card provider after it was made (ADR 406) is known to have failed:
      // its refund failed, or the surplus it paid back flagged for staff, as failed or as held again on the account. (That the ledger holds its money again is
      // R7's: refunds paid are then less than the refund lines posted.)
      for (const r of await query(
        `SELECT r.id, r.amount_pence AS a FROM sandbox_card_refunds r WHERE r.status = 'failed'
            AND r.untold_from IS NULL
            AND NOT EXISTS (SELECT 1 FROM payment_refunds x WHERE x.provider_refund_id = r.id AND x.status = 'failed')
            AND NOT EXISTS (SELECT 1 FROM duplicate_payments d WHERE d.refund_reference = r.id
              AND d.status IN ('refund_failed', 'refund_returned'))`,
      ))
        out.push({
          kind: 'refund-failure-unrecorded',
          message: `${label}: a card refund of ${p(num(r.a))} (${r.id}) failed at the card provider, and the app holds it as paid`,
        });

      // The cover the facts give (R4), and what the policy row says of it.
      const termDays = TERM_DAYS[schemeCode];
      const expiry = expiryOf(facts.coverStart, termDays);
      if (date(policy.incepted_at)?.getTime() !== facts.coverStart.getTime())
        out.push({
          kind: 'cover-start',
          message: `${label}: cover starts ${iso(date(policy.incepted_at)!)}, asked ${iso(facts.coverStart)}`,
        });
      if (date(policy.expired_at)?.getTime() !== expiry.getTime())
        out.push({
          kind: 'expiry',
          message: `${label}: expires ${policy.expired_at && iso(date(policy.expired_at)!)}, expected ${iso(expiry)}`,
        });
      let end = expiry;
      let endKnown = now >= expiry;
      // When the end was asked for: a void or NTU ends cover at its start, but is known only when it is asked.
      let endAskedAt = expiry;
      for (const e of facts.ends) {
        const at = new Date(Math.max(e.at.getTime(), facts.coverStart.getTime()));
        if (at < end) {
          end = at;
          endKnown = now >= at;
          endAskedAt = new Date(Math.max(at.getTime(), e.requestedAt.getTime()));
        }
      }
      const terminated = date(policy.terminated_at);
      if (policy.cancellation_reason === 'NON_PAYMENT' && terminated) {
        // R4: cover to the London midnight after the last day named in the notice.
        if (dayStart(dayOf(terminated)).getTime() !== terminated.getTime())
          out.push({
            kind: 'non-payment-end',
            message: `${label}: cancelled for non-payment at ${iso(terminated)}, not a London midnight`,
          });
        if (terminated < end) {
          end = terminated;
          endKnown = true;
          endAskedAt = terminated;
        }
      }
      if (
        policy.status === 'CANCELLED' &&
        terminated &&
        policy.cancellation_reason !== 'NON_PAYMENT' &&
        facts.ends.some((e) => e.why === 'cancel') &&
        terminated.getTime() !== end.getTime() &&
        end > facts.coverStart
      )
        out.push({
          kind: 'cancellation-instant',
          message: `${label}: cover ended ${iso(terminated)}; cancellation asked for ${facts.ends
            .filter((e) => e.why === 'cancel')
            .map((e) => iso(e.at))
            .join(', ')}, so cover should end ${iso(end)} (expiry ${iso(expiry)})`,
        });

      // A policy past its expiry (a day's grace for the anniversary job) has ended: it is no longer live.
      if (now.getTime() > expiry.getTime() + DAY && ['ACTIVE', 'PENDING'].includes(String(policy.status)))
        out.push({
          kind: 'live-after-expiry',
          message: `${label}: still ${policy.status} on ${dayOf(now)}, after its expiry ${iso(expiry)}`,
        });

      // R6: money charged net of refunds, plus what is still owed, against the model's premium. Once the
      // policy has renewed, the renewed year's money is on the same customer's books and the model does not
      // price it yet (ADR 343): R6 is then left out; the other checks go on.
      const renewed = policy.status === 'RENEWED';
      const [money] = await query(
        `SELECT
           (SELECT coalesce(sum(amount_pence), 0) FROM customer_payments WHERE status = 'SETTLED')::int AS received,
           (SELECT coalesce(sum(amount_pence), 0) FROM duplicate_payments d WHERE ${CHARGED_APART})::int AS duplicates,
           (SELECT coalesce(sum(amount_pence), 0) FROM duplicate_payments d
              WHERE status = 'refunded' AND ${CHARGED_APART})::int AS duplicates_back,
           (SELECT coalesce(sum(amount_pence), 0) FROM payment_refunds WHERE status = 'paid')::int AS refunded,
           (SELECT coalesce(sum(amount_pence), 0) FROM statement_line_items WHERE status = 'POSTED')::int AS balance,
           (SELECT coalesce(sum(amount_pence), 0) FROM statement_line_items WHERE status = 'POSTED'
              AND type IN ('payment', 'payment_reversal', 'refund', 'refund_reversal'))::int AS cash_lines,
           (SELECT count(*) FROM payment_refunds
              WHERE status NOT IN ('paid', 'failed', 'cancelled', 'bounced', 'funds_returned'))::int AS open_refunds`,
      );
      const received = num(money?.received) + num(money?.duplicates);
      const refunded = num(money?.refunded) + num(money?.duplicates_back);
      const balance = num(money?.balance);
      const net = received - refunded + balance;
      const billed = through ?? expiry;
      const lowUntil = new Date(Math.min(billed.getTime(), end.getTime()));
      const highUntil = endKnown ? lowUntil : new Date(Math.min(billed.getTime(), expiry.getTime()));
      const low = premiumFor(facts, facts.coverStart, lowUntil, expiry, termDays);
      const high = premiumFor(facts, facts.coverStart, highUntil, expiry, termDays);
      const allowance = low.periods + facts.versions.length - 1 + facts.ends.length + (endKnown ? 1 : 0);
      const what = `${label} (${facts.product}, ${dayOf(facts.coverStart)} to ${iso(lowUntil)}, ${low.days} days)`;
      const figures = `charged ${p(received)} − refunded ${p(refunded)} + owed ${p(balance)} = ${p(net)}`;
      if (renewed) {
        // not priced (see above)
      } else if (net > high.exact + 1e-6)
        out.push({
          // Under a penny over: a rounding against the customer (R5); more: days or prices billed wrongly.
          kind: net - high.exact < 1 ? 'rounding-over' : 'overcharge',
          message: `${what}: ${figures}; premium for the days on cover ${p(high.exact)} (${(net - high.exact).toFixed(2)}p over)`,
        });
      else if (net < low.exact - allowance - 1e-6)
        out.push({
          kind: 'undercharge',
          message: `${what}: ${figures}; premium for the days on cover ${p(low.exact)} − ${allowance}p allowance (${(low.exact - net).toFixed(2)}p short)`,
        });

      // R7: every penny received or paid back has a ledger line.
      // A surplus taken by a charge of its own is received and paid back beside the payments (ADR 341, 407).
      const cash = num(money?.cash_lines);
      if (received - refunded !== -cash)
        out.push({
          kind: 'ledger-cash',
          message: `${label}: received ${p(received)} − refunds paid ${p(refunded)} ≠ ${p(-cash)} of payment/refund lines`,
        });
      if (final && num(money?.open_refunds) > 0)
        out.push({
          kind: 'refund-unpaid',
          message: `${label}: ${money?.open_refunds} refunds still open at the end`,
        });
      // An ended policy keeps none of the customer's money: at the end of the life its account holds no credit
      // that is not on its way back, unless a refund failed or came back (then it is the finance team's, ADR 305).
      // A renewed policy too: the renewed year has an account of its own (ADR 291, 393).
      if (final && ['CANCELLED', 'VOIDED', 'NTU', 'LAPSED', 'RENEWED'].includes(String(policy.status))) {
        const [held] = await query(
          `SELECT
             (SELECT coalesce(sum(amount_pence), 0) FROM statement_line_items
               WHERE (status = 'POSTED' OR (status = 'PENDING' AND type = 'refund')) AND account_id IN (SELECT id FROM customer_accounts WHERE policy_id = $1))::int AS left,
             (SELECT count(*) FROM statement_line_items WHERE (type = 'refund_reversal'
                OR (type = 'refund' AND status = 'FAILED' AND description_key <> 'billing.lineItem.refundKeptBack'))
                AND account_id IN (SELECT id FROM customer_accounts WHERE policy_id = $1))::int AS staff`,
          [policyId],
        );
        if (num(held?.left) < 0 && num(held?.staff) === 0)
          out.push({
            kind: 'credit-kept',
            message: `${label}: ${policy.status}, and ${p(-num(held?.left))} of the customer's money is held with no refund on its way`,
          });
      }

      // R9: the IPT of the premium lines sums to the IPT of their sum.
      const [ipt] = await query(
        `SELECT coalesce(sum(amount_pence), 0)::int AS gross, coalesce(sum(ipt_pence), 0)::int AS ipt, count(*)::int AS n
           FROM statement_line_items WHERE ipt_pence IS NOT NULL AND status <> 'FAILED'
            AND account_id IN (SELECT id FROM customer_accounts WHERE policy_id = $1)`,
        [policyId],
      );
      const expectedIpt = Math.round((num(ipt?.gross) * 12) / 112);
      if (num(ipt?.n) > 0 && num(ipt?.ipt) !== expectedIpt)
        out.push({
          kind: 'ipt-sum',
          message: `${label}: IPT of ${ipt?.n} premium lines sums to ${p(num(ipt?.ipt))}, IPT of their sum ${p(num(ipt?.gross))} is ${p(expectedIpt)}`,
        });

      // R6: the regular invoice lines tile the cover: no day billed twice, none left out, none after the end.
      const lines = await query(
        `SELECT service_period_start AS s, service_period_end AS e, amount_pence AS a, effective_at AS posted
          FROM statement_line_items
          WHERE type IN ('invoice', 'debit_journal') AND sub_type IS NULL AND status <> 'FAILED'
            AND service_period_start IS NOT NULL
            AND account_id IN (SELECT id FROM customer_accounts WHERE policy_id = $1)
          ORDER BY service_period_start, service_period_end`,
        [policyId],
      );
      let cursor = facts.coverStart;
      for (const [i, l] of lines.entries()) {
        const s = date(l.s)!;
        const e = date(l.e)!;
        if (i === 0 && s.getTime() !== facts.coverStart.getTime())
          out.push({
            kind: 'tiling-start',
            message: `${label}: first invoice line starts ${iso(s)}, cover ${iso(cursor)}`,
          });
        else if (s < cursor)
          out.push({
            kind: 'tiling-overlap',
            message: `${label}: invoice line ${iso(s)}–${iso(e)} bills days before ${iso(cursor)} again`,
          });
        else if (s > cursor)
          out.push({ kind: 'tiling-gap', message: `${label}: no invoice line for ${iso(cursor)}–${iso(s)}` });
        // (A line raised before a void or NTU starts at the cover start: its credit note ends it.)
        // (A renewed subscription goes on being billed on its account: the renewed year is not checked yet.)
        // (A line posted before the end was known, e.g. a payment-day change's journal for the weeks ahead, is
        // billed in good faith; the cancellation's credit note gives it back, and R6 checks that money. For a
        // void or NTU, dated back to the cover start, "known" is when it was asked for. A line posted at the very
        // instant the end was asked for was posted by an operation before it that day: seed 128, life 685383162,
        // a payment-day change and a cancellation both at noon.)
        if (s >= end && s > facts.coverStart && endKnown && !renewed && date(l.posted)! > endAskedAt)
          out.push({
            kind: 'billed-after-end',
            message: `${label}: invoice line ${iso(s)}–${iso(e)} (${p(num(l.a))}) starts after cover ended ${iso(end)}`,
          });
        if (e > cursor) cursor = e;
      }

      // R8: Direct Debit charge dates, against the day the statement's advance notice was first seen sent.
      for (const n of await query(
        `SELECT payload->>'statementNumber' AS n FROM outbox WHERE payload->>'kind' = 'statement-issued'`,
      ))
        if (!notices.has(String(n.n))) notices.set(String(n.n), dayOf(now));
      // A debit made again for less (ADR 382) has a notice of its own, naming its statement, attempt and `remade`.
      for (const n of await query(
        `SELECT id::text AS id FROM outbox WHERE payload->>'kind' = 'debit-amended'`,
      ))
        if (!notices.has(`amended:${n.id}`)) notices.set(`amended:${n.id}`, dayOf(now));
      const amended = await query(
        `SELECT id::text AS id, payload->>'statementNumber' AS n, payload->>'attempt' AS attempt,
                payload->>'remade' AS remade FROM outbox WHERE payload->>'kind' = 'debit-amended'`,
      );
      const dds = await query(
        `SELECT c.charge_date::text AS charge, c.attempt, c.remade, c.provider_payment_id IS NOT NULL AS made,
                s.statement_number AS n
           FROM dd_collections c JOIN customer_payments cp ON cp.id = c.customer_payment_id
           JOIN statements s ON s.id::text = cp.reference`,
      );
      for (const d of dds) {
        const charge = String(d.charge).slice(0, 10);
        const remade = num(d.remade);
        const what = `${label}: Direct Debit of statement ${d.n} (attempt ${d.attempt}${remade ? `, made again ${remade}` : ''}) charged ${charge}`;
        if (!isWorkingDay(charge))
          out.push({ kind: 'dd-not-working-day', message: `${what}, not a working day` });
        // (Only a debit made at the provider is charged: a claim is checked once it is made, and one withdrawn
        // before it was made never is.)
        if (!d.made) continue;
        const amendment =
          remade > 0
            ? amended.find(
                (a) =>
                  String(a.n) === String(d.n) &&
                  String(a.attempt) === String(d.attempt) &&
                  String(a.remade) === String(remade),
              )
            : undefined;
        const noticeDay =
          remade > 0 ? amendment && notices.get(`amended:${amendment.id}`) : notices.get(String(d.n));
        if (!noticeDay) {
          out.push({ kind: 'dd-no-notice', message: `${what} with no advance notice sent` });
          continue;
        }
        const earliest = workingDaysAfter(noticeDay, 3);
        if (charge < earliest)
          out.push({
            kind: 'dd-short-notice',
            message: `${what}, notice sent ${noticeDay}: earliest charge date ${earliest}`,
          });
      }

      // One report per breach and place: the same standing breach is not repeated every day.
      return out.filter((b) => {
        const key = `${b.kind}|${b.message.replace(/\d+\.\d+p (over|short)/, '')}`;
        if (reported.has(b.kind)) return false;
        reported.add(b.kind);
        return key.length > 0;
      });
    },
  };
}
