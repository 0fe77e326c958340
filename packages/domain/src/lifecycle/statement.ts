import { STATEMENT_STATUSES, type StatementStatus } from '../enums.ts';
import { defineMachine, tableOf } from './machine.ts';

/**
 * A statement (statements.status, lower case). A draft gathers lines until the billing run raises it: due
 * (pending) or with nothing to collect (settled). A collection pays it in full (settled) or in part (pending
 * again); a failed collection leaves it failed, retried until paid or the account is suspended. A cancellation
 * credit that clears what an open (pending or failed) statement asks for settles it. A payment charged back by the
 * payer's bank (ADR 384) leaves the statement it paid failed again, asking for it.
 */
export const STATEMENT_EVENTS = [
  'raiseDue',
  'raiseNothingDue',
  'payInFull',
  'payInPart',
  'collectionFail',
  'creditClear',
  'chargeBack',
] as const;
export type StatementEvent = (typeof STATEMENT_EVENTS)[number];
export type StatementState = StatementStatus;

const row = tableOf<StatementState, StatementEvent>();
const OPEN = ['pending', 'failed'] as const;

export const statementMachine = defineMachine<StatementState, StatementEvent>({
  name: 'statement',
  states: STATEMENT_STATUSES,
  events: STATEMENT_EVENTS,
  initial: ['draft', 'pending', 'settled'],
  moves: [
    ...row('draft', 'raiseDue', 'pending', 'statement.issued'),
    ...row('draft', 'raiseNothingDue', 'settled', 'statement.issued', 'statement.settled'),
    ...row(OPEN, 'payInFull', 'settled', 'statement.settled'),
    ...row(OPEN, 'payInPart', 'pending', 'statement.part_paid'),
    ...row(OPEN, 'collectionFail', 'failed', 'statement.collection_failed'),
    ...row(OPEN, 'creditClear', 'settled', 'statement.settled'),
    ...row(['settled', 'pending'], 'chargeBack', 'failed', 'statement.charged_back'),
  ],
});
