import { demoCustomerSeeder } from '../demo/index.ts';
import type { AppServices, Ctx } from '../lib/context.ts';
import { identitySeeder } from '../modules/identity/index.ts';
import type { Seeder } from './seeder.ts';

export type { Seeder } from './seeder.ts';

/**
 * Demo data, seeded on first start (DESIGN.md §1). Each module adds a seeder; they run in order, each once,
 * recorded in app_secrets under `seed:<name>` so a restart does not seed twice (the demo scenarios record
 * each scenario instead, ADR 190).
 */
export const seeders: Seeder[] = [identitySeeder, demoCustomerSeeder];

export async function seedDemoData(services: AppServices, log: Ctx['log']): Promise<string[]> {
  const ran: string[] = [];
  for (const seeder of seeders) {
    if (seeder.everyStart) {
      await seeder.run(services, log);
      ran.push(seeder.name);
      continue;
    }
    const marker = `seed:${seeder.name}`;
    const done = await services.database.query('SELECT 1 FROM app_secrets WHERE name = $1', [marker]);
    if (done.rows.length > 0) continue;
    await seeder.run(services, log);
    await services.database.query(
      'INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [marker, new Date().toISOString()],
    );
    ran.push(seeder.name);
  }
  return ran;
}
