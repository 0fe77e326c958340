import type { Clock } from '../lib/clock.ts';
import type { AppServices, Caller, Ctx } from '../lib/context.ts';
import type { DemoPerson } from '../modules/identity/index.ts';

/** A logger as use cases take it (Fastify's); the seed passes the app's, tests may pass a silent one. */
export type DemoLog = Ctx['log'];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A clock that reads `at` when made and then runs on with the app's clock, so that steps done "at" one date
 * keep their order (a payment method saved a moment after the payment, a claim's history in sequence).
 */
export function clockAt(base: Clock, at: Date): Clock {
  const started = base.now().getTime();
  return { now: () => new Date(at.getTime() + (base.now().getTime() - started)) };
}

/** Who acts: the customer themself, or staff acting for them by impersonation (phone payments, claims). */
export type Actor = 'customer' | 'staff';

const STAFF_PERMISSIONS = ['access:impersonate', 'action:claims', 'finance', 'action:underwriting'];

function callerOf(person: DemoPerson, actor: Actor): Caller {
  if (actor === 'staff') {
    return {
      kind: 'admin',
      userId: 'demo-staff',
      permissions: STAFF_PERMISSIONS,
      claims: {},
      partyId: person.partyId,
    };
  }
  return { kind: 'customer', partyId: person.partyId, userId: person.userId, permissions: [], claims: {} };
}

/**
 * The demo and test factory's base (ADR 190): contexts for the real use cases whose clock is set to the date
 * of a step. Nothing here writes a table: the operations (operations.ts) call the modules' faces.
 */
export interface DemoFactory {
  services: AppServices;
  log: DemoLog;
  /** The moment the seed runs (the app's clock); scenarios place their steps relative to it. */
  now: Date;
  daysAgo(days: number): Date;
  daysAhead(days: number): Date;
  /** A use-case context for `person` (or staff acting for them) whose clock reads `at`. */
  ctx(person: DemoPerson, at: Date, actor?: Actor): Ctx;
}

export function demoFactory(services: AppServices, log: DemoLog): DemoFactory {
  const now = services.clock.now();
  return {
    services,
    log,
    now,
    daysAgo: (days) => new Date(now.getTime() - days * DAY_MS),
    daysAhead: (days) => new Date(now.getTime() + days * DAY_MS),
    ctx: (person, at, actor = 'customer') => ({
      ...services,
      clock: clockAt(services.clock, at),
      caller: callerOf(person, actor),
      log,
    }),
  };
}
