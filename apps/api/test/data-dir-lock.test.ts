import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, DatabaseLockedError } from '../src/db/connection.ts';

const root = mkdtempSync(path.join(tmpdir(), 'forecourt-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the PGlite data directory is locked while in use (ADR 129)', () => {
  it('refuses a second open, naming the owner, and opens again once closed', async () => {
    const dataDir = path.join(root, 'one');
    const first = await connect({ dataDir });
    try {
      const second = connect({ dataDir });
      await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
      await expect(second).rejects.toThrow(`is in use by process ${process.pid}`);
      // The first connection is untouched.
      expect((await first.query('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await first.close();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await connect({ dataDir });
    await again.close();
  }, 60_000);

  it('takes over a lock left by a process that died', async () => {
    const dataDir = path.join(root, 'two');
    // A pid far above any pid_max: no such process.
    writeFileSync(`${dataDir}.lock`, '99999999');
    const db = await connect({ dataDir });
    try {
      expect((await db.query('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
