import type { AppServices } from '../lib/context.ts';

/**
 * A module's demo data (DESIGN.md §1), run once by db/seed.ts. Declared here, apart from the list of
 * seeders, so that a module's seeder and the list do not import each other.
 */
export type Seeder = { name: string; run: (services: AppServices) => Promise<void> };
