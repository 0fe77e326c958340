import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSecret, rememberedSecret } from '../src/lib/secrets.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('a generated secret, remembered per database (the sandbox providers sign every payment with one)', () => {
  it('is the one stored, read from the database once', async () => {
    const first = await rememberedSecret(t.database.db, 'test-remembered');
    expect(first).toBe(await ensureSecret(t.database.db, 'test-remembered'));
    const stored = await t.database.query("SELECT value FROM app_secrets WHERE name = 'test-remembered'");
    expect(stored.rows).toEqual([{ value: first }]);
    // Gone from the table, the remembered value is still answered: no query was made.
    await t.database.query("DELETE FROM app_secrets WHERE name = 'test-remembered'");
    await expect(rememberedSecret(t.database.db, 'test-remembered')).resolves.toBe(first);
  });

  it('is asked again after a failed read', async () => {
    const broken = {
      insert: () => ({
        values: () => ({ onConflictDoNothing: async () => Promise.reject(new Error('down')) }),
      }),
    } as unknown as typeof t.database.db;
    await expect(rememberedSecret(broken, 'test-failing')).rejects.toThrow('down');
    await expect(rememberedSecret(broken, 'test-failing')).rejects.toThrow('down');
    let calls = 0;
    const counting = {
      insert: () => ({
        values: () => ({
          onConflictDoNothing: async () => {
            calls++;
            throw new Error('still down');
          },
        }),
      }),
    } as unknown as typeof t.database.db;
    await expect(rememberedSecret(counting, 'x')).rejects.toThrow();
    await expect(rememberedSecret(counting, 'x')).rejects.toThrow();
    expect(calls).toBe(2);
  });
});
