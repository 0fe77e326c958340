import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustmentState,
  canTransition,
  claimMachine,
  defineMachine,
  fromStatesOf,
  IllegalTransition,
  MACHINES,
  type Machine,
  policyMachine,
  targetOf,
  terminalStates,
  transition,
} from '../../src/lifecycle/index.ts';

const all = Object.values(MACHINES) as Machine<string, string>[];

describe.each(all.map((m) => [m.name, m] as const))('the %s machine', (_name, machine) => {
  it('makes every move of its table, with its effects', () => {
    for (const move of machine.moves) {
      expect(transition(machine, move.from, move.event)).toEqual({ to: move.to, effects: move.effects });
      expect(canTransition(machine, move.from, move.event)).toBe(true);
    }
  });

  it('refuses any (state, event) pair not in the table with IllegalTransition', () => {
    const legal = new Set(machine.moves.map((m) => `${m.from}|${m.event}`));
    fc.assert(
      fc.property(fc.constantFrom(...machine.states), fc.constantFrom(...machine.events), (from, event) => {
        fc.pre(!legal.has(`${from}|${event}`));
        expect(() => transition(machine, from, event)).toThrow(IllegalTransition);
        expect(canTransition(machine, from, event)).toBe(false);
      }),
    );
  });

  it('refuses unknown states (a raw row value) the same way', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...machine.events), (from, event) => {
        fc.pre(!machine.states.includes(from));
        expect(() => transition(machine, from, event)).toThrow(IllegalTransition);
      }),
    );
  });

  it('has no way out of a terminal state', () => {
    const terminal = terminalStates(machine);
    for (const state of terminal)
      for (const event of machine.events)
        expect(() => transition(machine, state, event)).toThrow(IllegalTransition);
  });

  it('uses every event, reaches every state and emits at least one domain event per move', () => {
    for (const event of machine.events) expect(fromStatesOf(machine, event).length).toBeGreaterThan(0);
    const reached = new Set([...machine.initial, ...machine.moves.map((m) => m.to)]);
    expect([...reached].sort()).toEqual([...machine.states].sort());
    for (const move of machine.moves) expect(move.effects.length).toBeGreaterThan(0);
  });

  it('gives each event one target (a set-based write sets one value)', () => {
    for (const event of machine.events) expect(machine.states).toContain(targetOf(machine, event));
  });
});

describe('the engine', () => {
  it('names the machine, the state and the event in its error', () => {
    const error = (() => {
      try {
        transition(claimMachine, 'settled', 'settle');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(IllegalTransition);
    expect(error).toMatchObject({ machine: 'claim', from: 'settled', event: 'settle' });
    expect((error as Error).message).toBe('Illegal claim transition: no move from settled on settle');
  });

  it('answers the legal from-states of an event (the WHERE of a set-based write)', () => {
    expect(fromStatesOf(policyMachine, 'start')).toEqual(['PENDING']);
    expect(fromStatesOf(policyMachine, 'cancel')).toEqual(['PENDING', 'ACTIVE']);
  });

  it('rejects a table with two moves from one state on one event, or unknown names', () => {
    const base = { name: 't', states: ['a', 'b'] as const, events: ['go'] as const, initial: ['a'] as const };
    const move = { from: 'a', event: 'go', to: 'b', effects: [] } as const;
    expect(() => defineMachine({ ...base, moves: [move, { ...move, to: 'a' }] })).toThrow(/two moves/);
    expect(() => defineMachine({ ...base, moves: [{ ...move, to: 'c' as 'a' }] })).toThrow(/unknown state/);
  });

  it('reads an adjustment state from its timestamps', () => {
    const at = new Date();
    expect(adjustmentState({ confirmedAt: null, completedAt: null })).toBe('QUOTED');
    expect(adjustmentState({ confirmedAt: at, completedAt: null })).toBe('SCHEDULED');
    expect(adjustmentState({ confirmedAt: at, completedAt: at })).toBe('COMPLETED');
    expect(adjustmentState({ confirmedAt: null, completedAt: at })).toBe('CLOSED');
  });
});
