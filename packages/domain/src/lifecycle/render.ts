import { type Machine, terminalStates } from './machine.ts';

/**
 * A machine as Markdown: its states (initial and terminal marked) and a table of its moves with the domain
 * events each emits. docs/ARCHITECTURE.md "Lifecycle" is this text for every machine; a test keeps it so.
 */
export function renderMachine<S extends string, E extends string>(machine: Machine<S, E>): string {
  const terminal = terminalStates(machine);
  const states = machine.states
    .map((s) => {
      const marks = [
        machine.initial.includes(s) ? 'initial' : '',
        terminal.includes(s) ? 'terminal' : '',
      ].filter(Boolean);
      return marks.length ? `\`${s}\` (${marks.join(', ')})` : `\`${s}\``;
    })
    .join(', ');
  const rows = machine.moves.map(
    (m) =>
      `| \`${m.from}\` | \`${m.event}\` | \`${m.to}\` | ${m.effects.map((e) => `\`${e.emit}\``).join(', ')} |`,
  );
  return [
    `### ${machine.name}`,
    '',
    `States: ${states}.`,
    '',
    '| From | Event | To | Emits |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** Every machine, one section each, between the markers the document keeps them in. */
export function renderLifecycle(machines: readonly Machine<string, string>[]): string {
  return machines.map((m) => renderMachine(m)).join('\n\n');
}
