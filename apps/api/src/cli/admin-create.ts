import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env.ts';
import { connect, DatabaseLockedError } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { ADMIN_PERMISSIONS, createStaffUser } from '../modules/identity/index.ts';

/**
 * npm run admin:create -- --email someone@example.com --permissions access:impersonate,action:mta-claims
 * Creates a staff user of the embedded identity provider (or updates an existing one's permissions).
 * They sign in at /admin with a one-time code sent to that e-mail.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      permissions: { type: 'string', default: 'access:impersonate' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(email)) {
    throw new Error('Give --email with a valid e-mail address');
  }
  const permissions = (values.permissions ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = permissions.filter((p) => !(ADMIN_PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length > 0) {
    throw new Error(`Unknown permission(s): ${unknown.join(', ')}. Known: ${ADMIN_PERMISSIONS.join(', ')}`);
  }
  const env = loadEnv();
  const database = await connect({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, 'pglite'),
  }).catch((err: unknown) => {
    // The embedded database is single-process: with the server running, stop it first (ADR 129).
    if (err instanceof DatabaseLockedError) {
      throw new Error(
        `Cannot create the staff user while the server is running on ${err.dataDir} (process ${err.pid}): ` +
          'the embedded database allows one process at a time. Stop the server, run admin:create, then start it again.',
      );
    }
    throw err;
  });
  try {
    await migrate(database);
    const result = await createStaffUser(database.db, {
      email,
      permissions,
      firstName: values['first-name'],
      lastName: values['last-name'],
    });
    console.log(
      `${result.created ? 'Created' : 'Updated'} staff user ${email.toLowerCase()} (${result.id}) with permissions: ${permissions.join(', ') || 'none'}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
