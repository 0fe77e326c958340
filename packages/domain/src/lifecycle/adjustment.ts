import { defineMachine, tableOf } from './machine.ts';

/**
 * A policy adjustment (policy_adjustments): it has no status column; its state is read from confirmed_at and
 * completed_at (`adjustmentState`). QUOTED when made; confirmed at once (COMPLETED), or, for a cancellation
 * deferred to a later date, SCHEDULED until the due-cancellation job completes it. A referred change the
 * customer accepts as a cancellation (ADR 256) is CLOSED unconfirmed. Its 30-minute validity is a guard on
 * `confirm`, not a state: a change paid for in time may be confirmed after it (ADR 300).
 */
export const ADJUSTMENT_STATES = ['QUOTED', 'SCHEDULED', 'COMPLETED', 'CLOSED'] as const;
export type AdjustmentState = (typeof ADJUSTMENT_STATES)[number];
export const ADJUSTMENT_EVENTS = ['confirm', 'schedule', 'complete', 'closeReferred'] as const;
export type AdjustmentEvent = (typeof ADJUSTMENT_EVENTS)[number];

const row = tableOf<AdjustmentState, AdjustmentEvent>();

export const adjustmentMachine = defineMachine<AdjustmentState, AdjustmentEvent>({
  name: 'adjustment',
  states: ADJUSTMENT_STATES,
  events: ADJUSTMENT_EVENTS,
  initial: ['QUOTED'],
  moves: [
    ...row('QUOTED', 'confirm', 'COMPLETED', 'adjustment.confirmed'),
    ...row('QUOTED', 'schedule', 'SCHEDULED', 'adjustment.scheduled'),
    ...row('SCHEDULED', 'complete', 'COMPLETED', 'adjustment.completed'),
    ...row('QUOTED', 'closeReferred', 'CLOSED', 'adjustment.closed'),
  ],
});

type Stamp = Date | string | null | undefined;
/** The state of an adjustment row, from its two timestamps. */
export function adjustmentState(row: { confirmedAt: Stamp; completedAt: Stamp }): AdjustmentState {
  if (row.confirmedAt) return row.completedAt ? 'COMPLETED' : 'SCHEDULED';
  return row.completedAt ? 'CLOSED' : 'QUOTED';
}
