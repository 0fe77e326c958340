import type { AppServices } from '../lib/context.ts';
import { type DemoPerson, ensureDemoCustomer } from '../modules/identity/index.ts';
import { type DemoLog, demoFactory } from './factory.ts';
import { type DemoScenario, demoScenarios } from './scenarios.ts';

export interface ScenarioOutcome {
  name: string;
  outcome: 'ran' | 'skipped' | 'failed';
  ms: number;
  error?: string;
}

const markerOf = (person: DemoPerson, scenario: DemoScenario) =>
  `seed:demo:${person.partyId}:${scenario.name}`;

/**
 * Runs each scenario once for `person` (ADR 190). A scenario is claimed by its marker (app_secrets) before it
 * runs, so two processes starting together, or a second start, never run it twice; a scenario that fails
 * gives its claim back and is reported (and logged), and the others still run, so one broken demo story
 * never stops the app from starting.
 */
export async function seedScenarios(
  services: AppServices,
  log: DemoLog,
  person: DemoPerson,
  scenarios: readonly DemoScenario[] = demoScenarios,
): Promise<ScenarioOutcome[]> {
  await ensureDemoCustomer(services.db, person);
  const f = demoFactory(services, log);
  const outcomes: ScenarioOutcome[] = [];
  for (const scenario of scenarios) {
    const started = performance.now();
    const marker = markerOf(person, scenario);
    const claimed = await services.database.query(
      'INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING name',
      [marker, 'running'],
    );
    const ms = () => Math.round(performance.now() - started);
    if (claimed.rows.length === 0) {
      outcomes.push({ name: scenario.name, outcome: 'skipped', ms: ms() });
      continue;
    }
    try {
      await scenario.run(f, person);
      await services.database.query('UPDATE app_secrets SET value = $2 WHERE name = $1', [
        marker,
        services.clock.now().toISOString(),
      ]);
      outcomes.push({ name: scenario.name, outcome: 'ran', ms: ms() });
    } catch (err) {
      await services.database.query('DELETE FROM app_secrets WHERE name = $1', [marker]);
      log.error({ err, scenario: scenario.name }, 'demo scenario failed');
      outcomes.push({ name: scenario.name, outcome: 'failed', ms: ms(), error: (err as Error).message });
    }
  }
  return outcomes;
}
