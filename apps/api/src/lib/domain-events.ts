import type { PartnerEventInput } from '@forecourt/contracts/partners';
import type { z } from 'zod';
import type { Db } from '../db/connection.ts';
import type { customerPayments, paymentMethods, paymentRefunds } from '../db/schema/index.ts';
import type { AppServices, Ctx } from './context.ts';
import { outboxEventSchemas } from './outbox-events.ts';

/**
 * The typed domain events (ADR 346): what one module announces and another reacts to, instead of callback
 * slots a module filled in another's routes. Each event has exactly one handler, subscribed in one file
 * (`src/wiring.ts`); publishing an event whose handler is missing throws, so nothing is silently skipped.
 *
 * Two kinds:
 * - in-transaction events (`InTransactionEvents`): a consequence that must commit or roll back with the write
 *   that emits it (a settled payment creates the policy; a setup check refuses the request). `publish` runs
 *   the handler at once, on the emitter's transaction, and answers what the handler answers;
 * - outbox events (`OutboxEvents`, payloads in lib/outbox-events.ts): a consequence that may come later.
 *   `emitLater` writes it to the outbox in the emitter's transaction; lib/event-delivery.ts hands it to its
 *   handler once (after commit at once, and by the `domain-events` job for anything left or failed).
 */

type PaymentRow = typeof customerPayments.$inferSelect;
type MethodRow = typeof paymentMethods.$inferSelect;
type RefundRow = typeof paymentRefunds.$inferSelect;
/** Work a handler leaves for after the emitting transaction has committed (e.g. ask for documents). */
export type AfterCommit = () => Promise<void>;
/** What the billing-side handlers are given: the emitter's transaction and the time of the event. */
export type TxAt = { db: Db; at: Date };
/** A surplus card payment (ADR 341) a refund paid back: its customer payment and the charge that took it. */
export type SurplusRef = { customerPaymentId: string; paymentReference: string };

interface EventShape<C, P, A> {
  ctx: C;
  payload: P;
  answer: A;
}

export interface InTransactionEvents {
  /**
   * A customer payment settled (card webhook, settle by token). Handled by its purpose: bind creates the
   * policy (policies), mta confirms the change (adjustments), settle clears the balance (billing).
   */
  'payment.settled': EventShape<Ctx, { payment: PaymentRow }, AfterCommit | undefined>;
  /** Money arrived that the payment's purpose no longer needs (ADR 341): billing records it on the ledger. */
  'payment.surplus': EventShape<
    TxAt,
    { payment: PaymentRow; amountPence: number; paymentReference: string; flagId: string },
    void
  >;
  /**
   * A card or mandate is about to be set up without a payment, for `clientReference`: each owner of a rule
   * may refuse it by throwing (policies: nothing due today for the purchase; billing: the account needs one).
   */
  'paymentMethod.setupRequested': EventShape<
    Ctx,
    { partyId: string; clientReference: string | undefined },
    void
  >;
  /** A card saved or a mandate ACTIVE for a client reference (ADR 310): billing makes it the one that collects. */
  'paymentMethod.ready': EventShape<
    Ctx,
    { partyId: string; clientReference: string; method: MethodRow },
    { released: string[] }
  >;
  /** A Direct Debit payment's outcome arrived (ADR 204): billing posts it, or runs the arrears path. */
  'directDebit.outcome': EventShape<TxAt, { payment: PaymentRow; succeeded: boolean }, void>;
  /** A collected Direct Debit was charged back by the payer's bank (ADR 384): billing reopens what it paid. */
  'directDebit.chargedBack': EventShape<TxAt, { payment: PaymentRow }, void>;
  /** The payer's bank cancelled its charge back (ADR 390): the payment stands again, and billing posts it. */
  'directDebit.chargeBackCancelled': EventShape<TxAt, { payment: PaymentRow }, void>;
  /**
   * A card payment's dispute took `amountPence` of it back from the insurer (ADR 392): billing reopens what it
   * paid, as after a Direct Debit's charge back.
   */
  'cardPayment.disputed': EventShape<TxAt, { payment: PaymentRow; amountPence: number }, void>;
  /** The dispute was decided for the insurer and its money given back (ADR 392): billing posts it again. */
  'cardPayment.disputeWon': EventShape<TxAt, { payment: PaymentRow; amountPence: number }, void>;
  /**
   * A refund part moved at the provider (ADR 305): billing settles the ledger's refund line. `returned`: the money
   * did not reach the customer (a Direct Debit refund failed or came back; a card refund failed after it was made,
   * ADR 406). `surplus`: the refund was of a surplus payment (ADR 341), posted on the ledger by `payment.surplus`.
   */
  'refund.outcome': EventShape<
    TxAt,
    {
      reference: string;
      returned: Pick<RefundRow, 'amountPence'> | null;
      surplus?: SurplusRef | null;
    },
    /** Whether the customer's account holds the money that came back (a refund reversal, or a FAILED line). */
    { held: boolean }
  >;
  /**
   * A suspended account's notice ran out unpaid (ADR 203): policies ends the policy for non-payment at `at`.
   * Answers whether it ended (false: it had already ended).
   */
  'arrears.cancellationDue': EventShape<{ db: Db }, { policyId: string; at: Date }, boolean>;
  /**
   * A fact of a policy's life that partners are told of (issue 31, ADR 362): policy bound, changed, ended,
   * renewed, a renewal invited, a payment collected or failed, a claim opened or moved. Recorded in the
   * emitter's transaction (partners), so exactly the committed facts are announced; delivered by a job. A list
   * (a page of the billing run) is recorded at once.
   */
  'lifecycle.announced': EventShape<TxAt, PartnerEventInput | readonly PartnerEventInput[], void>;
}

export type OutboxEvents = {
  [K in keyof typeof outboxEventSchemas]: z.output<(typeof outboxEventSchemas)[K]>;
};

export type InTransactionEventName = keyof InTransactionEvents;
export type OutboxEventName = keyof OutboxEvents;
export type EventName = InTransactionEventName | OutboxEventName;

/** Every event's handler: a complete table, so a missing one is a type error and, at start-up, an error. */
export type EventHandlers = {
  [K in InTransactionEventName]: (
    ctx: InTransactionEvents[K]['ctx'],
    payload: InTransactionEvents[K]['payload'],
  ) => Promise<InTransactionEvents[K]['answer']>;
} & {
  [K in OutboxEventName]: (services: AppServices, payload: OutboxEvents[K]) => Promise<void>;
};

/** The names of the catalogue, for the start-up check (the types above are the catalogue itself). */
export const IN_TRANSACTION_EVENTS = [
  'payment.settled',
  'payment.surplus',
  'paymentMethod.setupRequested',
  'paymentMethod.ready',
  'directDebit.outcome',
  'directDebit.chargedBack',
  'directDebit.chargeBackCancelled',
  'cardPayment.disputed',
  'cardPayment.disputeWon',
  'refund.outcome',
  'arrears.cancellationDue',
  'lifecycle.announced',
] as const satisfies readonly InTransactionEventName[];
export const OUTBOX_EVENTS = Object.keys(outboxEventSchemas) as OutboxEventName[];
export const EVENT_NAMES: readonly EventName[] = [...IN_TRANSACTION_EVENTS, ...OUTBOX_EVENTS];

/** An event published with no handler: the wiring is missing (never silently nothing). */
export class UnhandledEventError extends Error {
  constructor(readonly event: string) {
    super(`Domain event ${event} has no handler: subscribe it in src/wiring.ts`);
    this.name = 'UnhandledEventError';
  }
}

let installed: Partial<Record<EventName, unknown>> = {};

/**
 * Installs the handler table (src/wiring.ts, when the app is built) and checks it covers the catalogue.
 * A table with a handler missing is refused before anything runs.
 */
export function installEventHandlers(handlers: EventHandlers) {
  const missing = EVENT_NAMES.filter((name) => typeof handlers[name] !== 'function');
  if (missing.length > 0) throw new UnhandledEventError(missing.join(', '));
  installed = { ...handlers };
}

/** Forgets every handler (tests of what happens when the wiring is missing). */
export function uninstallEventHandlers() {
  installed = {};
}

/** Throws unless every event of the catalogue has its handler (start-up). */
export function assertEventsWired() {
  for (const name of EVENT_NAMES)
    if (typeof installed[name] !== 'function') throw new UnhandledEventError(name);
}

export function handlerOf<K extends EventName>(name: K): EventHandlers[K] {
  const handler = installed[name];
  if (typeof handler !== 'function') throw new UnhandledEventError(name);
  return handler as EventHandlers[K];
}

/** Publishes an in-transaction event: its handler runs now, on `ctx.db` (the emitter's transaction). */
export async function publish<K extends InTransactionEventName>(
  name: K,
  ctx: InTransactionEvents[K]['ctx'],
  payload: InTransactionEvents[K]['payload'],
): Promise<InTransactionEvents[K]['answer']> {
  const handler = handlerOf(name) as (
    c: InTransactionEvents[K]['ctx'],
    p: InTransactionEvents[K]['payload'],
  ) => Promise<InTransactionEvents[K]['answer']>;
  return handler(ctx, payload);
}
