import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connection.ts';
import { builtEntry } from './helpers/built.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'forecourt-admin-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const cli = (...args: string[]) =>
  run(process.execPath, [...builtEntry('cli-admin-create'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });

describe('npm run admin:create', () => {
  it('creates a staff user with the permissions given, and updates them when run again', async () => {
    const first = await cli(
      '--email',
      'New.Staff@Example.com',
      '--permissions',
      'access:impersonate,action:mta-claims',
    );
    expect(first.stdout).toContain('Created staff user new.staff@example.com');
    // Every permission a route checks can be granted: claims handling and insights too.
    const again = await cli(
      '--email',
      'new.staff@example.com',
      '--permissions',
      'finance,action:claims,access:insights',
    );
    expect(again.stdout).toContain('Updated staff user');
    const db = await connect({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const rows = await db.query(
        "SELECT kind, permissions FROM identity_users WHERE email = 'new.staff@example.com'",
      );
      expect(rows.rows).toEqual([
        { kind: 'staff', permissions: ['finance', 'action:claims', 'access:insights'] },
      ]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('refuses a bad e-mail or an unknown permission', async () => {
    await expect(cli('--email', 'nope')).rejects.toMatchObject({ code: 1 });
    await expect(cli('--email', 'a@example.com', '--permissions', 'root')).rejects.toMatchObject({
      stderr: expect.stringContaining('Unknown permission(s): root'),
    });
  }, 60_000);

  it('refuses clearly while the server has the embedded database open', async () => {
    // This process holds the data directory, as a running server does.
    const server = await connect({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await expect(cli('--email', 'late@example.com')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Cannot create the staff user while the server is running'),
      });
    } finally {
      await server.close();
    }
  }, 60_000);
});
