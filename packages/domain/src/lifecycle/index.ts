/**
 * The lifecycle state machines (DESIGN §5, ADR 345): policy, proposal, statement, payment, adjustment, claim
 * and renewal, each a transition table, moved by the one engine in machine.ts.
 */
import { adjustmentMachine } from './adjustment.ts';
import { claimMachine } from './claim.ts';
import { paymentMachine } from './payment.ts';
import { policyMachine } from './policy.ts';
import { proposalMachine } from './proposal.ts';
import { renewalMachine } from './renewal.ts';
import { statementMachine } from './statement.ts';

export * from './adjustment.ts';
export * from './claim.ts';
export * from './machine.ts';
export * from './payment.ts';
export * from './policy.ts';
export * from './proposal.ts';
export * from './render.ts';
export * from './renewal.ts';
export * from './statement.ts';

/** Every machine by name, in the order the documents show them. */
export const MACHINES = {
  policy: policyMachine,
  proposal: proposalMachine,
  statement: statementMachine,
  payment: paymentMachine,
  adjustment: adjustmentMachine,
  claim: claimMachine,
  renewal: renewalMachine,
} as const;
export type MachineName = keyof typeof MACHINES;
