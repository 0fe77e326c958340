/**
 * The simulation's world (ADR 343): the real app of one brand on an in-memory PGlite, jobs off, its clock
 * set by the simulation. One world per brand is made once per process and reset between lives by truncating
 * the business tables, which is much cheaper than a new database per life.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { connect, type Database } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { DEMO_CUSTOMER, ensureDemoCustomer } from '../modules/identity/index.ts';

export const SIM_CUSTOMER_TOKEN = 'sim-customer';
export const SIM_STAFF_TOKEN = 'sim-staff';
const STAFF = ['access:impersonate', 'action:claims', 'finance', 'action:underwriting', 'action:mta-claims'];

export type Brand = 'forecourt' | 'motorhub';

/** A clock the simulation sets to any instant. */
export interface SimClock {
  now(): Date;
  set(at: Date): void;
}

export function simClock(start: Date): SimClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    set: (d) => {
      at = d.getTime();
    },
  };
}

export interface World {
  brand: Brand;
  app: FastifyInstance;
  /** The app's own origin (it listens, so the sandbox providers' webhooks reach it by HTTP). */
  base: string;
  database: Database;
  clock: SimClock;
  /** Empties every table a life writes (the schema, the secrets and the migrations stay). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Tables that hold set-up, not a life's data: kept by reset. */
const KEPT = new Set(['app_secrets', '__drizzle_migrations', 'migrations', 'schema_migrations']);

let template: Promise<Blob> | undefined;
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const database = await connect({ dataDir: 'memory://' });
    try {
      await migrate(database);
      return await database.pglite!.dumpDataDir('none');
    } finally {
      await database.close();
    }
  })();
  return template;
}

export async function openWorld(brand: Brand): Promise<World> {
  const database = await connect({ dataDir: 'memory://', loadDataDir: await migratedTemplate() });
  // The app's files (documents, the mail outbox's attachments) go to a directory of its own, removed on close.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forecourt-sim-'));
  const clock = simClock(new Date('2027-01-01T00:00:00Z'));
  const app = await buildApp({
    logger: false,
    database,
    clock,
    env: {
      NODE_ENV: 'test',
      JOBS: 'false',
      SEED_DEMO_DATA: 'false',
      DB_MAINTENANCE_SECONDS: '0',
      DATABASE_URL: '',
      BRAND: brand,
      DATA_DIR: dataDir,
    },
  }).catch((err: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  // Two fixed tokens for the simulated customer and for staff acting for them (HTTP operations).
  app.tokenVerifiers.push(async (token) => {
    if (token === SIM_CUSTOMER_TOKEN)
      return {
        kind: 'customer',
        partyId: DEMO_CUSTOMER.partyId,
        userId: DEMO_CUSTOMER.userId,
        permissions: [],
        claims: {},
      };
    if (token === SIM_STAFF_TOKEN)
      return {
        kind: 'admin',
        userId: 'sim-staff',
        permissions: STAFF,
        claims: {},
        partyId: DEMO_CUSTOMER.partyId,
      };
    return null;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const tables = (
    await database.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename", [])
  ).rows
    .map((r) => String((r as { tablename: string }).tablename))
    .filter((t) => !KEPT.has(t));
  const world: World = {
    brand,
    app,
    base,
    database,
    clock,
    reset: async () => {
      await database.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')}`, []);
      await ensureDemoCustomer(app.services.db, DEMO_CUSTOMER);
    },
    close: async () => {
      try {
        await app.close();
        await database.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
  await ensureDemoCustomer(app.services.db, DEMO_CUSTOMER);
  return world;
}
