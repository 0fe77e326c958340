import type { AppServices, Ctx } from '../lib/context.ts';

/**
 * A module's demo data (DESIGN.md §1), run once by db/seed.ts. Declared here, apart from the list of
 * seeders, so that a module's seeder and the list do not import each other. A seeder with `everyStart`
 * runs on every start and keeps its own record of what it did (the demo scenarios, ADR 190).
 */
export type Seeder = {
  name: string;
  everyStart?: boolean;
  run: (services: AppServices, log: Ctx['log']) => Promise<void>;
};
