/**
 * One life: the purchase, then every day up to the plan's end — the day's jobs at 03:00 London, the day's
 * operations at noon London, the oracle at the end of the day — and a last check after everything settled.
 */
import { ledgerBreaks } from '../modules/billing/index.ts';
import { driver, londonHourAfter } from './drive.ts';
import { dayOf, expiryOf, paymentDates, TERM_DAYS } from './oracle/model.ts';
import { type Breach, oracle } from './oracle/oracle.ts';
import type { LifePlan } from './plan.ts';
import type { Brand, World } from './world.ts';

export interface LifeResult {
  breaches: (Breach & { day: number })[];
  operations: number;
  refused: string[];
  error?: string;
}

const DAY = 86_400_000;

/**
 * Lets work started after a commit (webhooks the sandbox sends by HTTP, after-commit hooks) land before the
 * simulation moves on, so that it happens on the same simulated day and never leaks into the next life.
 */
async function quiesce(ms: number) {
  await new Promise((r) => setTimeout(r, ms));
  await new Promise((r) => setImmediate(r));
}

/** Where a run's time goes (ms), for the bench and SIMULATION_PROFILE. */
export const timing = { buy: 0, jobs: 0, ops: 0, checks: 0 };

/**
 * Runs one life. `lean` (the default) runs the billing run only on the days it can have work (see below)
 * rather than every day: the same outcome, several times faster; SIMULATION_EVERY_DAY=1 runs it daily.
 */
export async function runLife(
  worlds: (brand: Brand) => Promise<World>,
  plan: LifePlan,
  lean = process.env.SIMULATION_EVERY_DAY !== '1',
  /** A test's fault, planted in the world's data just before each evening's check, to show the oracle sees it. */
  plant?: (w: World, at: Date, day: number) => Promise<void>,
): Promise<LifeResult> {
  const w = await worlds(plan.buy.brand);
  await quiesce(30);
  await w.reset();
  const d = driver(w);
  const breaches: LifeResult['breaches'] = [];
  const bought = new Date(plan.buy.at);
  const o = oracle(
    async (sql, values) => (await w.database.query(sql, values ?? [])).rows,
    d.facts,
    plan.buy.schemeCode,
  );
  let operations = 1;
  const isDown = (day: number) =>
    plan.ops.some((op) => op.kind === 'down' && day >= op.day && day < op.day + op.days);
  for (const op of plan.ops)
    if (op.kind === 'down')
      d.facts.billingDown.push({
        from: londonHourAfter(bought, op.day, 3),
        to: londonHourAfter(bought, op.day + op.days, 3),
      });
  // A deferred cancellation falls due at noon: its job (every minute in production) runs before the check, and
  // the billing run (hourly) after it, which bills a suspended account's days on cover up to the end (ADR 388;
  // seed 169, life 683417979: a dispute had suspended the account over its payment date).
  const deferredEnds = async (day: number) => {
    const noon = londonHourAfter(bought, day, 12);
    if (d.facts.ends.some((e) => e.at.getTime() === noon.getTime() && e.requestedAt < noon))
      await d.jobs(new Date(noon.getTime() + 60_000), {
        billing: !isDown(day),
        renewals: false,
        activation: false,
      });
  };
  try {
    const tb = performance.now();
    await d.buy(plan.buy);
    await quiesce(5);
    timing.buy += performance.now() - tb;
    breaches.push(...(await o.check(bought)).map((b) => ({ ...b, day: 0 })));
    // The billing run runs on every payment date of the oracle's own model, every day with an operation,
    // and whenever the billing face says it has work (a retry, a notice's end): the same as running daily.
    const start = d.facts.coverStart!;
    const expiry = expiryOf(start, TERM_DAYS[plan.buy.schemeCode]);
    const payDays = new Set<string>();
    let next: Date | null = await d.nextBilling(bought);
    for (let day = 0; day <= plan.days; day++) {
      const todays = plan.ops.filter((op) => op.day === day);
      const at = londonHourAfter(bought, day, 3);
      if (day > 0) {
        const billing =
          !isDown(day) &&
          (!lean ||
            isDown(day - 1) || // the first run after an outage catches up what came due meanwhile
            todays.length > 0 ||
            plan.ops.some((op) => op.day === day - 1) ||
            payDays.has(dayOf(at)) ||
            d.facts.paymentDays.some((c) => Number(dayOf(at).slice(8)) === c.day) ||
            (next !== null && next <= at));
        const t0 = performance.now();
        await d.jobs(at, {
          billing,
          twice: todays.some((op) => op.kind === 'rerun'),
          renewals: at.getTime() > expiry.getTime() - 40 * DAY,
          ...(lean
            ? {
                activation: Math.abs(at.getTime() - start.getTime()) < 2 * DAY,
                cancellations: d.facts.ends.some((e) => e.at.getTime() < at.getTime() + DAY),
              }
            : {}),
        });
        // Asked after every day's jobs, not only after a billing run: the providers' events run in them too, and
        // a collection that failed that day books its retry (a day the billing run must not skip). Near the
        // anniversary the renewal job may have made the successor, whose billing starts on its own.
        next = await d.nextBilling(at);
        timing.jobs += performance.now() - t0;
      }
      if (day === 0)
        for (const p of paymentDates(start, new Date(bought.getTime() + (plan.days + 3) * DAY), []))
          payDays.add(dayOf(p.at));
      for (const op of todays) {
        const noon = londonHourAfter(bought, day, 12);
        const to = performance.now();
        await d.run(op, day === 0 && noon < bought ? new Date(bought.getTime() + 60_000) : noon);
        await quiesce(5);
        timing.ops += performance.now() - to;
        operations++;
      }
      const evening = londonHourAfter(bought, day, 23);
      await deferredEnds(day);
      await plant?.(w, evening < bought ? bought : evening, day);
      const t1 = performance.now();
      breaches.push(...(await o.check(evening < bought ? bought : evening)).map((b) => ({ ...b, day })));
      timing.checks += performance.now() - t1;
    }
    // Let the world settle: a few more days of jobs, then the final check. An end asked for late is given eight
    // days after it, so its refund is paid (a Direct Debit refund is paid on the third working day, ADR 305, and
    // Christmas has three bank holidays). Each settling day is checked too, so a notice sent on one is seen that day.
    let endDay = 0;
    for (const e of d.facts.ends) while (londonHourAfter(bought, endDay, 23) < e.at) endDay++;
    // A billing run down at the end is up again before the final check, so its catch-up is checked too.
    const upAgain = Math.max(0, ...plan.ops.map((op) => (op.kind === 'down' ? op.day + op.days + 1 : 0)));
    let final = Math.max(plan.days + 3, d.facts.ends.length > 0 ? endDay + 8 : 0, upAgain);
    // A Direct Debit already announced when cover ends is still collected, unless the end settled its statement
    // before it was submitted (then the billing run cancels it, ADR 378), and what it took beyond the days on
    // cover is refunded only once it is confirmed, then paid on the third working day: with a bank holiday between, that can be eleven days after the end (seed 82). So the
    // settling goes on while a collection or a refund is on its way, for three weeks after the end at most: a
    // refund still open then is a breach.
    const onTheirWay = async () =>
      Number(
        (
          await w.database.query(
            `SELECT (SELECT count(*) FROM customer_payments WHERE status = 'PENDING')
                  + (SELECT count(*) FROM payment_refunds WHERE status <> 'paid') AS n`,
          )
        ).rows[0]?.n ?? 0,
      );
    // A refund made near the end of a life with no end asked for (a charge back its bank cancelled after a
    // cancellation for non-payment, ADR 390) is on its way for up to three working days: settled the same way.
    const refundsOnTheirWay = async () =>
      Number(
        (
          await w.database.query(
            "SELECT count(*) AS n FROM payment_refunds WHERE status IN ('created', 'pending_submission', 'submitted')",
          )
        ).rows[0]?.n ?? 0,
      );
    const settling = async () =>
      d.facts.ends.length > 0
        ? final < endDay + 21 && (await onTheirWay()) > 0
        : final < plan.days + 21 && (await refundsOnTheirWay()) > 0;
    for (let day = plan.days + 1; day <= final; day++) {
      await d.jobs(londonHourAfter(bought, day, 3), { billing: !isDown(day), renewals: true });
      await deferredEnds(day);
      if (day === final && (await settling())) final++;
      if (day < final)
        breaches.push(...(await o.check(londonHourAfter(bought, day, 23))).map((b) => ({ ...b, day })));
    }
    breaches.push(
      ...(await o.check(londonHourAfter(bought, final, 23), true)).map((b) => ({ ...b, day: final })),
    );
    // The product's own ledger check query (ledger:check, the nightly job) must agree with the oracle's R7.
    for (const b of await ledgerBreaks(w.app.services.db))
      breaches.push({
        kind: 'ledger-check-query',
        message: `ledger check: received ${b.receivedPence}p − refunded ${b.refundedPence}p ≠ −(${b.cashLinesPence}p of cash lines)`,
        day: final,
      });
  } catch (e) {
    const err = e as Error;
    return {
      breaches,
      operations,
      refused: d.facts.refused,
      error: `${err.message}\n${err.stack?.split('\n').slice(1, 4).join('\n')}`,
    };
  }
  return { breaches, operations, refused: d.facts.refused };
}
