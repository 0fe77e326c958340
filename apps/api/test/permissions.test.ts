import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../src/lib/context.ts';
import { ADMIN_PERMISSIONS, requirePermission } from '../src/lib/roles.ts';

const staff = (permissions: string[]): Caller => ({
  kind: 'admin',
  userId: 'u1',
  permissions,
  claims: {},
  partyId: undefined,
});
const statusOf = (f: () => unknown) => {
  try {
    f();
    return 200;
  } catch (e) {
    return (e as { statusCode?: number; code?: string }).code;
  }
};

// Issue 30 point 5: one typed permission check for every staff route, no inline string checks.
describe('requirePermission', () => {
  it('401 without a token, 403 for a customer, 403 for staff without it, the staff caller with it', () => {
    expect(statusOf(() => requirePermission({ kind: 'none' }, 'action:claims'))).toBe('UNAUTHORIZED');
    expect(
      statusOf(() =>
        requirePermission(
          { kind: 'customer', partyId: 'p', userId: 'u', permissions: ['action:claims'], claims: {} },
          'action:claims',
        ),
      ),
    ).toBe('FORBIDDEN');
    expect(statusOf(() => requirePermission(staff(['finance']), 'action:claims'))).toBe('FORBIDDEN');
    expect(requirePermission(staff(['action:claims']), 'action:claims')).toMatchObject({ userId: 'u1' });
  });

  it('is the only place the API reads a permission: no module checks one by hand', () => {
    const root = path.resolve(import.meta.dirname, '../src');
    const files: string[] = [];
    const walk = (d: string) => {
      for (const n of readdirSync(d)) {
        const f = path.join(d, n);
        if (statSync(f).isDirectory()) walk(f);
        else if (n.endsWith('.ts')) files.push(f);
      }
    };
    walk(root);
    const inline = files.filter(
      (f) =>
        !f.endsWith(path.join('lib', 'roles.ts')) && /permissions\.includes\(/.test(readFileSync(f, 'utf8')),
    );
    expect(inline.map((f) => path.relative(root, f))).toEqual([]);
    // A permission named in a module is one of the known ones (typed `satisfies Permission` there).
    const named = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/'((?:access|action):[a-z-]+)'/g)].map((m) => m[1]),
    );
    for (const p of named) expect(ADMIN_PERMISSIONS as readonly string[]).toContain(p);
  });
});
