import {
  type Effect,
  fromStatesOf,
  IllegalTransition,
  type Machine,
  targetOf,
  transition,
} from '@forecourt/domain/lifecycle/index';
import { AppError } from './errors.ts';

/**
 * The API's one way to a new status (DESIGN §5, ADR 345): the move from the machine's table, or a 409 CONFLICT
 * naming the machine, the state and the event. `from` is the row's status as read (raw text is fine).
 */
export function nextStatus<S extends string, E extends string>(
  machine: Machine<S, E>,
  from: S | (string & {}),
  event: E,
): S {
  return move(machine, from, event).to;
}

/** `nextStatus` with the move's effects (the domain events it emits). */
export function move<S extends string, E extends string>(
  machine: Machine<S, E>,
  from: S | (string & {}),
  event: E,
): { to: S; effects: readonly Effect[] } {
  try {
    return transition(machine, from, event);
  } catch (error) {
    if (error instanceof IllegalTransition) throw illegalMove(error);
    throw error;
  }
}

/** The 409 an illegal move answers: the domain's message, and the machine, state and event as details. */
export function illegalMove(error: IllegalTransition, message = error.message): AppError {
  return new AppError('CONFLICT', message, {
    details: { machine: error.machine, from: error.from, event: error.event },
    cause: error,
  });
}

/**
 * A set-based write's guard: the target of `event` and the states it is legal from, for the SQL's SET and
 * WHERE (`.set({ status: g.to }).where(inArray(t.status, g.from))`). Rows in other states are left alone.
 */
export function guardOf<S extends string, E extends string>(
  machine: Machine<S, E>,
  event: E,
): { to: S; from: S[] } {
  return { to: targetOf(machine, event), from: fromStatesOf(machine, event) };
}
