/**
 * The driver: runs a life's operations through the real modules (their faces, as the demo seed does, and
 * HTTP where the customer or staff use a page or a phone) with the world's clock set to each step. It writes
 * down what the simulation asked for and was told (the facts), which is all the oracle's model is given.
 */
import { randomUUID } from 'node:crypto';
import type { AdjustmentChange } from '@forecourt/contracts/adjustments';
import { londonInstant, wallClock } from '@forecourt/domain/dates';
import { demoFactory } from '../demo/factory.ts';
import { buy, endFromInception, reportLoss } from '../demo/operations.ts';
import {
  cancellationDueJob,
  cancelPolicy,
  commitAdjustment,
  createAdjustment,
} from '../modules/adjustments/index.ts';
import { nextBillingWorkAfter, refundPayoutJob, runBillingDay } from '../modules/billing/index.ts';
import { DEMO_CUSTOMER } from '../modules/identity/index.ts';
import { policyActivationJob } from '../modules/policies/index.ts';
import { renewalAnniversaryJob, renewalInvitationJob, setAutoRenewal } from '../modules/renewals/index.ts';
import type { SandboxCardPayments } from '../providers/card-payments/sandbox.ts';
import { advanceSandboxCardRefunds } from '../providers/card-payments/sandbox.ts';
import { advanceSandboxDirectDebit, type SandboxDirectDebit } from '../providers/direct-debit/sandbox.ts';
import type { Facts, QuoteTotals } from './facts.ts';
import type { BuyOp, LifeOp } from './plan.ts';
import { SIM_CUSTOMER_TOKEN, SIM_STAFF_TOKEN, type World } from './world.ts';

const DAY = 86_400_000;

/** An operation the product refused (a 4xx answer or a coded refusal): recorded, no effect expected. */
export class Refused extends Error {}

/** London `hour`:00 on the London day `days` after the day of `from`. */
export function londonHourAfter(from: Date, days: number, hour: number): Date {
  const c = wallClock(from.getTime());
  const d = new Date(Date.UTC(c.year, c.month - 1, c.day + days));
  return new Date(londonInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), hour));
}

const isRefusal = (e: unknown) => {
  const err = e as { statusCode?: number; code?: string; name?: string };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return true;
  return (
    typeof err.code === 'string' &&
    [
      'UNPROCESSABLE',
      'NOT_FOUND',
      'CONFLICT',
      'VALIDATION',
      'FORBIDDEN',
      'PAYMENT_DECLINED',
      'GONE',
    ].includes(err.code)
  );
};

async function http(w: World, token: string, method: string, url: string, body?: unknown, key?: string) {
  const res = await fetch(`${w.base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 500) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const totalsOf = (quote: unknown): QuoteTotals => {
  const t = (quote as { totals: Record<string, unknown> }).totals as {
    discountedPrice: number;
    gross: number;
    freeMonths?: number;
    monthly?: { first: number; regular: number };
  };
  return {
    price: t.discountedPrice ?? t.gross,
    first: t.monthly?.first ?? 0,
    regular: t.monthly?.regular ?? 0,
    freeMonths: t.freeMonths ?? 0,
  };
};

/** Which of the day's jobs can have work (the others would find nothing to do: skipped for speed). */
export interface JobsToRun {
  billing: boolean;
  twice?: boolean;
  renewals: boolean;
  /** Around the cover start (PENDING to ACTIVE). */
  activation?: boolean;
  /** On and after a deferred cancellation's day. */
  cancellations?: boolean;
}

export interface Driver {
  facts: Facts;
  buy(op: BuyOp): Promise<void>;
  run(op: LifeOp, at: Date): Promise<void>;
  /**
   * The day's jobs at `at`: activation, due cancellations, the billing run (when `billing`; twice when
   * `twice`, a retried run), refund payouts, renewals (when `renewals`), the sandbox bank.
   */
  jobs(at: Date, o: JobsToRun): Promise<void>;
  /** When the billing run says it next has work (the life runs it then, as well as on every payment date). */
  nextBilling(at: Date): Promise<Date | null>;
}

export function driver(w: World): Driver {
  const f = () => demoFactory({ ...w.app.services, clock: w.clock }, w.app.log);
  const sandboxBank = () => w.app.services.providers.directDebit as unknown as SandboxDirectDebit;
  /** The sandbox bank's latest Direct Debit in a status that the app has been told of (ADR 409; the newest by
   * `order`), if any. */
  const lastDebit = async (status: 'confirmed' | 'charged_back', order: string) => {
    const r = await w.database.query(
      `SELECT id FROM sandbox_dd_payments WHERE status = $1 AND untold_from IS NULL ORDER BY ${order} LIMIT 1`,
      [status],
    );
    return (r.rows[0] as { id: string } | undefined)?.id;
  };
  const sandboxCard = () => w.app.services.providers.cardPayments as unknown as SandboxCardPayments;
  const person = DEMO_CUSTOMER;
  const facts: Facts = {
    product: 'SUBSCRIPTION',
    versions: [],
    ends: [],
    events: [],
    refused: [],
    paymentDays: [],
    billingDown: [],
  };
  const covers = new Set<string>();
  let excess = 0;
  let policyId = '';
  let dateOfBirth = '';

  async function account() {
    const r = await w.database.query('SELECT id FROM customer_accounts WHERE policy_id = $1', [policyId]);
    return (r.rows[0] as { id?: string } | undefined)?.id;
  }

  async function change(op: Extract<LifeOp, { kind: 'change' }>, at: Date) {
    const changes: AdjustmentChange[] = [];
    const addable = ['legal_expenses', 'ncb_protection'].filter((c) => !covers.has(c));
    if (op.up && addable[0]) changes.push({ changeType: 'ADD_COVER', coverCode: addable[0] });
    else if (op.up && excess > 0)
      changes.push({ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: excess - 100 } as AdjustmentChange);
    else if (!op.up && covers.size > 0)
      changes.push({ changeType: 'REMOVE_COVER', coverCode: [...covers][0]! });
    else if (!op.up && excess < 300)
      changes.push({ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: excess + 100 } as AdjustmentChange);
    else throw new Refused('no change of that direction left');
    let effective = at;
    if (op.by === 'staff') {
      effective = new Date(at.getTime() + op.shiftDays * DAY);
      if (facts.coverStart && effective < facts.coverStart) effective = facts.coverStart;
    }
    const ctx = f().ctx(person, at, op.by);
    const made = await createAdjustment(ctx, {
      adjustmentType: 'MTA',
      policyId,
      changes,
      ...(op.by === 'staff' ? { effectiveAt: effective.toISOString() } : {}),
    });
    const version = made.updatedPolicyVersions?.[0] as { quote?: unknown; ratingStatus?: string } | undefined;
    if (!version?.quote || version.ratingStatus === 'REFERRAL') throw new Refused('change referred');
    // A dearer change of a policy paid in full is paid first by the customer; staff may confirm it owed.
    const confirmBy = made.paymentDue && made.paymentDue > 0 ? 'staff' : op.by;
    await commitAdjustment(f().ctx(person, at, confirmBy), made.adjustmentId);
    const c = changes[0]!;
    if (c.changeType === 'ADD_COVER') covers.add(c.coverCode!);
    if (c.changeType === 'REMOVE_COVER') covers.delete(c.coverCode!);
    if (c.changeType === 'SELECT_VOLUNTARY_EXCESS') excess = (c as { excess: number }).excess;
    facts.versions.push({ from: op.by === 'customer' ? at : effective, totals: totalsOf(version.quote) });
  }

  return {
    facts,
    async buy(op) {
      const at = new Date(op.at);
      w.clock.set(at);
      const bought = await buy(f(), person, at, {
        schemeCode: op.schemeCode,
        startInDays: op.startInDays,
        cardToken: op.cardToken,
        paidBy: op.paidBy,
      });
      if (op.paidBy === 'direct-debit') {
        // The sandbox bank approves the mandate (its job, a few seconds after set-up).
        const sandbox = w.app.services.providers.directDebit as unknown as SandboxDirectDebit;
        const pending = await w.database.query(
          "SELECT id FROM sandbox_dd_mandates WHERE status = 'pending_customer_approval'",
          [],
        );
        for (const m of pending.rows as { id: string }[]) await sandbox.activateMandate(m.id);
        facts.directDebit = true;
      }
      policyId = bought.policyId;
      const r = await w.database.query(
        "SELECT quote, data->'profiles'->0->'data'->>'dateOfBirth' AS dob FROM proposals WHERE proposal_code = $1",
        [bought.proposalCode],
      );
      const row = r.rows[0] as { quote: unknown; dob: string };
      dateOfBirth = row.dob;
      facts.product = op.product;
      facts.policyId = policyId;
      facts.boughtAt = at;
      facts.coverStart = op.startInDays === 0 ? at : londonHourAfter(at, op.startInDays, 0);
      facts.versions.push({ from: facts.coverStart, totals: totalsOf(row.quote) });
      facts.events.push({ kind: 'buy', at, key: bought.proposalCode });
    },

    async run(op, at) {
      w.clock.set(at);
      try {
        switch (op.kind) {
          case 'change':
            return await change(op, at);
          case 'cancel': {
            // London noon `inDays` days ahead (not 24-hour days: across a clock change that would be 11:00 or
            // 13:00, and the life runs the cancellation job a minute after noon).
            const effectiveAt = op.inDays > 0 ? londonHourAfter(at, op.inDays, 12) : undefined;
            await cancelPolicy(f().ctx(person, at), { policyId, reason: 'Price', effectiveAt });
            facts.ends.push({ at: effectiveAt ?? at, why: 'cancel', requestedAt: at });
            return;
          }
          case 'void':
          case 'ntu': {
            const policy = { policyId, policyNumber: '', proposalCode: '', status: 'ACTIVE' as const };
            const r = await w.database.query('SELECT policy_number FROM policies WHERE id = $1', [policyId]);
            policy.policyNumber = String((r.rows[0] as { policy_number: string }).policy_number);
            await endFromInception(f(), person, at, {
              policy,
              note: 'simulated',
              ...(op.kind === 'void'
                ? { as: 'VOIDED' as const, reason: 'CARELESS_MISREPRESENTATION' as const }
                : { as: 'NTU' as const, reason: 'WITHDRAWN_BEFORE_START' as const }),
            });
            facts.ends.push({ at: facts.coverStart!, why: op.kind, requestedAt: at });
            return;
          }
          case 'card': {
            if (facts.directDebit) {
              // The customer's bank account: Direct Debits fail (the sandbox's failing account), or pay again.
              await w.database.query('UPDATE sandbox_dd_flows SET account_number_ending = $1', [
                op.fails ? '22' : '11',
              ]);
              return;
            }
            // The customer's bank: the saved card starts failing off-session, or works again.
            const [from, to] = op.fails ? ['4242', '3178'] : ['3178', '4242'];
            await w.database.query(
              `UPDATE payment_methods SET provider_reference = replace(provider_reference, 'pm_test_${from}_', 'pm_test_${to}_')
                WHERE party_id = $1 AND type = 'CARD'`,
              [person.partyId],
            );
            return;
          }
          case 'settle': {
            const id = await account();
            if (!id) throw new Refused('no account');
            if (op.by === 'page') {
              const page = await http(w, SIM_CUSTOMER_TOKEN, 'POST', '/api/stripe/settle', {
                accountId: id,
                successUrl: `${w.base}/`,
                cancelUrl: `${w.base}/`,
                lineItem: { name: 'Outstanding balance' },
              });
              if (page.status !== 200) throw new Refused(`settle page ${page.status}`);
              const url = new URL(page.body.url as string);
              await fetch(`${w.base}${url.pathname}${url.search}`, {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: new URLSearchParams({
                  name: 'Alex Morgan',
                  cardNumber: '4242 4242 4242 4242',
                  expiry: '12/34',
                  cvc: '123',
                  postalCode: 'LS1 5HD',
                }).toString(),
                redirect: 'manual',
              });
              facts.events.push({ kind: 'settle-page', at, key: id });
              return;
            }
            // By phone: staff's request is sent twice with one idempotency key (a retried request).
            const key = randomUUID();
            const body = {
              accountId: id,
              itemName: 'Outstanding balance',
              token: 'tok_visa',
              postalCode: 'LS1 5HD',
              dateOfBirth,
            };
            const first = await http(w, SIM_STAFF_TOKEN, 'POST', '/api/stripe/moto/settle', body, key);
            if (first.status !== 200) throw new Refused(`settle by phone ${first.status}`);
            await http(w, SIM_STAFF_TOKEN, 'POST', '/api/stripe/moto/settle', body, key);
            facts.events.push({ kind: 'settle-phone', at, key: id });
            return;
          }
          case 'rerun':
            return; // done by the day's jobs (run twice)
          case 'down':
            return; // done by the life: no billing run on those days
          case 'paymentDay': {
            const id = await account();
            if (!id) throw new Refused('no account');
            const res = await http(w, SIM_STAFF_TOKEN, 'PUT', `/api/customerAccounts/${id}/paymentDay`, {
              paymentDay: op.paymentDay,
            });
            if (res.status !== 200) throw new Refused(`payment day ${res.status}`);
            facts.paymentDays.push({ at, day: op.paymentDay });
            return;
          }
          case 'optOut':
            await setAutoRenewal(f().ctx(person, at), policyId, {
              enabled: op.back,
              ...(op.back ? {} : { reason: 'Price' }),
            } as never);
            return;
          case 'chargeBack': {
            // The customer's bank takes back the last Direct Debit it collected, and says so by webhook.
            const id = await lastDebit('confirmed', 'charge_date DESC, created_at DESC');
            if (!id) throw new Refused('no Direct Debit collected');
            const done = await sandboxBank().chargeBack(id);
            if (!done.delivered) throw new Error(`the app did not hear the charge back of ${id}`);
            return;
          }
          case 'cancelChargeBack': {
            // The customer's bank cancels its last charge back; the debit is collected again (ADR 390).
            const id = await lastDebit('charged_back', 'updated_at DESC');
            if (!id) throw new Refused('no Direct Debit charged back');
            const done = await sandboxBank().cancelChargeBack(id);
            if (!done.delivered) throw new Error(`the app did not hear the charge back of ${id} cancelled`);
            return;
          }
          case 'dispute': {
            // The cardholder disputes the last card payment taken; the issuer takes the money back (ADR 392).
            const r = await w.database.query(
              `SELECT provider_reference AS id FROM customer_payments WHERE status = 'SETTLED'
                AND provider_reference LIKE 'pi_%' ORDER BY settled_at DESC, created_at DESC LIMIT 1`,
            );
            const id = (r.rows[0] as { id: string } | undefined)?.id;
            if (!id) throw new Refused('no card payment taken');
            const done = await sandboxCard().disputePayment(id);
            if (!done.disputed) throw new Refused('no such card charge at the provider');
            if (!done.delivered) throw new Error(`the app did not hear the dispute of ${id}`);
            return;
          }
          case 'disputeWon': {
            const r = await w.database.query(
              "SELECT payment_intent AS id FROM sandbox_card_disputes WHERE status = 'funds_withdrawn' LIMIT 1",
            );
            const id = (r.rows[0] as { id: string } | undefined)?.id;
            if (!id) throw new Refused('no dispute open');
            const done = await sandboxCard().reinstateDispute(id);
            if (!done.delivered) throw new Error(`the app did not hear the dispute of ${id} won`);
            return;
          }
          case 'claim':
            await reportLoss(f(), person, at, {
              policyId,
              claimType: 'Windscreen',
              occurredAt: new Date(at.getTime() - 3_600_000).toISOString(),
              location: 'M62 westbound near junction 27',
              description: 'A stone thrown up by a lorry cracked the windscreen.',
              injuries: false,
            });
            return;
        }
      } catch (e) {
        if (e instanceof Refused || isRefusal(e)) {
          facts.refused.push(`${op.kind}: ${(e as Error).message.slice(0, 120)}`);
          return;
        }
        throw e;
      }
    },

    async jobs(at, o) {
      w.clock.set(at);
      const services = { ...w.app.services, clock: w.clock };
      if (o.activation !== false) await policyActivationJob.handler(services, {});
      if (o.cancellations !== false) await cancellationDueJob.handler(services, {});
      if (o.billing) for (let i = 0; i < (o.twice ? 2 : 1); i++) await runBillingDay(services, at);
      // Refunds come from a cancellation or a change (an operation, or a cancellation's due day) or a run.
      if (o.billing || o.cancellations !== false) await refundPayoutJob.handler(services, {});
      if (o.renewals) {
        await renewalInvitationJob.handler(services, {});
        await renewalAnniversaryJob.handler(services, {});
        // A term that ran to its end is closed by the hourly refund job within the hour (ADR 393).
        await refundPayoutJob.handler(services, {});
      }
      // The sandbox bank's day (payments, refunds and mandates moved on); a payment it confirms may leave an ended
      // account in credit, which the hourly refund job pays back within the hour (ADR 305).
      if (facts.directDebit && (await advanceSandboxDirectDebit(services)) > 0)
        await refundPayoutJob.handler(services, {});
      // The card networks' day: a refund to a card whose refunds fail comes back (ADR 406). The account holds it
      // again and the hourly job leaves it to staff, so nothing more runs.
      await advanceSandboxCardRefunds(services);
    },

    nextBilling: (at) => nextBillingWorkAfter({ ...w.app.services, clock: w.clock }, at),
  };
}
