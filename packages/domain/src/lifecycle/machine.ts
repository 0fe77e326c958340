/**
 * The lifecycle engine (DESIGN §5 "The lifecycle is explicit", ADR 345): a machine is data (its states, its
 * events and a transition table of legal moves, each with its effects), and one pure function moves it.
 * The API writes a status only through `transition` (or, for set-based SQL, restricts its WHERE to
 * `fromStatesOf`), so an illegal move is refused in one place with one message.
 */

/** An effect of a move, as data: the domain event it emits (later read by the event bus and webhooks). */
export interface EmitEffect {
  readonly emit: string;
}
export type Effect = EmitEffect;

/** One legal move: in state `from`, event `event` leads to `to` with its effects. */
export interface Move<S extends string, E extends string> {
  readonly from: S;
  readonly event: E;
  readonly to: S;
  readonly effects: readonly Effect[];
}

export interface Machine<S extends string, E extends string> {
  /** The machine's name, as errors and documents show it (policy, statement, ...). */
  readonly name: string;
  /** Every state, spelt as the database holds it. */
  readonly states: readonly S[];
  readonly events: readonly E[];
  /** The states a row is created in (an insert, not a move). */
  readonly initial: readonly S[];
  readonly moves: readonly Move<S, E>[];
}

export type StateOf<M> = M extends Machine<infer S, string> ? S : never;
export type EventOf<M> = M extends Machine<string, infer E> ? E : never;

/** A move the table does not have: which machine, from which state, on which event. */
export class IllegalTransition extends Error {
  override name = 'IllegalTransition';
  readonly machine: string;
  readonly from: string;
  readonly event: string;
  constructor(machine: string, from: string, event: string) {
    super(`Illegal ${machine} transition: no move from ${from} on ${event}`);
    this.machine = machine;
    this.from = from;
    this.event = event;
  }
}

/** Builds a machine and checks its table: known states and events, at most one move per (from, event). */
export function defineMachine<const S extends string, const E extends string>(
  m: Machine<S, E>,
): Machine<S, E> {
  const seen = new Set<string>();
  for (const move of m.moves) {
    if (!m.states.includes(move.from) || !m.states.includes(move.to))
      throw new Error(`${m.name}: a move names an unknown state (${move.from} → ${move.to})`);
    if (!m.events.includes(move.event)) throw new Error(`${m.name}: unknown event ${move.event}`);
    const key = `${move.from}\u0000${move.event}`;
    if (seen.has(key)) throw new Error(`${m.name}: two moves from ${move.from} on ${move.event}`);
    seen.add(key);
  }
  for (const s of m.initial) if (!m.states.includes(s)) throw new Error(`${m.name}: unknown initial ${s}`);
  return m;
}

/** The move from `from` on `event`, or IllegalTransition. `from` may be any string (a row's raw status). */
export function transition<S extends string, E extends string>(
  machine: Machine<S, E>,
  from: S | (string & {}),
  event: E,
): { to: S; effects: readonly Effect[] } {
  const move = machine.moves.find((m) => m.from === from && m.event === event);
  if (!move) throw new IllegalTransition(machine.name, from, event);
  return { to: move.to, effects: move.effects };
}

export function canTransition<S extends string, E extends string>(
  machine: Machine<S, E>,
  from: S | (string & {}),
  event: E,
): boolean {
  return machine.moves.some((m) => m.from === from && m.event === event);
}

/** The states `event` is legal from: the WHERE of a set-based write. */
export function fromStatesOf<S extends string, E extends string>(machine: Machine<S, E>, event: E): S[] {
  return machine.moves.filter((m) => m.event === event).map((m) => m.from);
}

/** The state `event` leads to; it must be the same from every legal `from` (a set-based write sets one value). */
export function targetOf<S extends string, E extends string>(machine: Machine<S, E>, event: E): S {
  const targets = [...new Set(machine.moves.filter((m) => m.event === event).map((m) => m.to))];
  const [to] = targets;
  if (targets.length !== 1 || to === undefined)
    throw new Error(`${machine.name}: ${event} has ${targets.length} target states`);
  return to;
}

/** States with no move out. */
export function terminalStates<S extends string, E extends string>(machine: Machine<S, E>): S[] {
  return machine.states.filter((s) => !machine.moves.some((m) => m.from === s));
}

/**
 * The row builder of one machine's table: `row(from | [from...], event, to, ...emitted domain events)`
 * gives one move per `from` state.
 */
export function tableOf<S extends string, E extends string>() {
  return (from: S | readonly S[], event: E, to: S, ...emits: string[]): Move<S, E>[] => {
    const effects = emits.map((emit) => ({ emit }));
    return (typeof from === 'string' ? [from as S] : (from as readonly S[])).map((f) => ({
      from: f,
      event,
      to,
      effects,
    }));
  };
}
