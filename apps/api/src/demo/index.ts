/**
 * The demo and test factory (ADR 190): the demo customers' histories made by the real use cases at past
 * dates. The seed (db/seed.ts) and the API tests use it; nothing else should.
 */
import type { Seeder } from '../db/seeder.ts';
import { DEMO_CUSTOMER, DEMO_NEW_CUSTOMER } from '../modules/identity/index.ts';
import { seedScenarios } from './seed-demo.ts';

export { type Actor, clockAt, type DemoFactory, type DemoLog, demoFactory } from './factory.ts';
export * as demoOperations from './operations.ts';
export { type DemoScenario, demoScenarios } from './scenarios.ts';
export { type ScenarioOutcome, seedScenarios } from './seed-demo.ts';

/**
 * The demo customer's policies, proposals and claims, and the second demo customer with nothing. Runs on
 * every start: each scenario is recorded once done, so only scenarios added since run.
 */
export const demoCustomerSeeder: Seeder = {
  name: 'demo-customers',
  everyStart: true,
  run: async (services, log) => {
    await seedScenarios(services, log, DEMO_NEW_CUSTOMER, []);
    const started = performance.now();
    const outcomes = await seedScenarios(services, log, DEMO_CUSTOMER);
    const ran = outcomes.filter((o) => o.outcome !== 'skipped');
    if (ran.length > 0) {
      const ms = Math.round(performance.now() - started);
      log.info({ ms, scenarios: ran.map((o) => `${o.name}:${o.outcome}:${o.ms}ms`) }, 'demo data seeded');
    }
  },
};
