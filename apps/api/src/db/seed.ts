import type { AppServices } from '../lib/context.ts';
import { identitySeeder } from '../modules/identity/index.ts';
import type { Seeder } from './seeder.ts';

export type { Seeder } from './seeder.ts';

/**
 * Demo data, seeded on first start (DESIGN.md §1). Each module adds a seeder; they run in order, each once,
 * recorded in app_secrets under `seed:<name>` so a restart does not seed twice.
 */
export const seeders: Seeder[] = [identitySeeder];

export async function seedDemoData(services: AppServices): Promise<string[]> {
  const ran: string[] = [];
  for (const seeder of seeders) {
    const marker = `seed:${seeder.name}`;
    const done = await services.database.query('SELECT 1 FROM app_secrets WHERE name = $1', [marker]);
    if (done.rows.length > 0) continue;
    await seeder.run(services);
    await services.database.query(
      'INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [marker, new Date().toISOString()],
    );
    ran.push(seeder.name);
  }
  return ran;
}
