import {
  assertEventsWired,
  type EventHandlers,
  type InTransactionEvents,
  installEventHandlers,
} from './lib/domain-events.ts';
import { fulfilPaidAdjustment } from './modules/adjustments/index.ts';
import {
  applySettlement,
  assertAccountNeedsMethod,
  cardDisputeWon,
  cardPaymentDisputed,
  directDebitChargeBackCancelled,
  directDebitChargedBack,
  directDebitOutcome,
  postSurplus,
  refundOutcome,
  useMethodForAccount,
} from './modules/billing/index.ts';
import { requestPolicyDocuments } from './modules/documents/index.ts';
import { recordPartnerEvent } from './modules/partners/index.ts';
import { assertNothingDueToday, bindPaidProposal, endForNonPayment } from './modules/policies/index.ts';

type Settled = InTransactionEvents['payment.settled'];

/**
 * Every domain event's handler, in this one file (ADR 346). A module announces; the app decides who reacts.
 * The table must name a handler for every event of the catalogue (lib/domain-events.ts): a missing one is a
 * type error here, and `wireDomainEvents` refuses it at start-up.
 */
export const eventHandlers: EventHandlers = {
  // In the settling transaction, by the payment's purpose (a new purpose is a type error below).
  'payment.settled': async (ctx, { payment }): Promise<Settled['answer']> => {
    switch (payment.purpose) {
      case 'bind':
        return bindPaidProposal(ctx, payment);
      case 'mta':
        // A dearer change of a policy paid in full is confirmed when its card payment settles (ADR 300).
        return fulfilPaidAdjustment(ctx, payment, { ...ctx, db: ctx.database.db });
      case 'settle':
        await applySettlement(ctx, payment);
        return undefined;
      case 'statement':
        // A statement's payment is posted by the billing run that collected it.
        return undefined;
      default:
        return payment.purpose satisfies never;
    }
  },
  'payment.surplus': async (ctx, surplus) => {
    // An account settlement's or a statement collection's surplus is posted on the account's ledger; a bind's
    // or change's is refunded alone.
    if (surplus.payment.purpose === 'settle' || surplus.payment.purpose === 'statement')
      await postSurplus(ctx, surplus);
  },
  'paymentMethod.setupRequested': async (ctx, { partyId, clientReference }) => {
    await assertAccountNeedsMethod(ctx, partyId, clientReference);
    await assertNothingDueToday(ctx, partyId, clientReference);
  },
  'paymentMethod.ready': useMethodForAccount,
  'directDebit.outcome': directDebitOutcome,
  'directDebit.chargedBack': directDebitChargedBack,
  'directDebit.chargeBackCancelled': directDebitChargeBackCancelled,
  'cardPayment.disputed': cardPaymentDisputed,
  'cardPayment.disputeWon': cardDisputeWon,
  'refund.outcome': refundOutcome,
  'arrears.cancellationDue': endForNonPayment,
  'lifecycle.announced': recordPartnerEvent,
  'policy.bound': (services, { policyVersionId }) => requestPolicyDocuments(services, policyVersionId),
};

/** Installs the handlers and checks every event has one; buildApp calls it before anything can publish. */
export function wireDomainEvents(handlers: EventHandlers = eventHandlers) {
  installEventHandlers(handlers);
  assertEventsWired();
}
