/**
 * Makes a migrated, empty PGlite folder at the path given (`node --import tsx e2e/support/pglite-template.ts DIR`):
 * the journeys' servers start from a copy of it (server.ts) rather than each creating a cluster, which costs
 * 3.5 s of CPU a server (ADR 367). Only the schema: each server still makes its own secrets, keys and demo data.
 */
import { connect } from '../../apps/api/src/db/connection.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-template.ts <folder>');
const database = await connect({ dataDir: dir });
await migrate(database);
await database.close();
