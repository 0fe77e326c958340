import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../src/lib/context.ts';
import { registerErrorHandler } from '../src/lib/error-handler.ts';
import { ADMIN_PERMISSIONS, requirePermission } from '../src/lib/roles.ts';
import { registerRoutePermissions } from '../src/lib/route-permission.ts';

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

// Issue 30 point 5: a route declares its permission in its options; one hook checks it before the handler.
describe('the declared route permission', () => {
  /** A bare app whose caller is the JSON of the x-caller header (the auth hook's part), with three routes. */
  async function appWith() {
    const app = Fastify();
    registerErrorHandler(app);
    app.decorateRequest('caller', null as never);
    app.addHook('onRequest', async (request) => {
      const given = request.headers['x-caller'];
      request.caller = typeof given === 'string' ? (JSON.parse(given) as Caller) : { kind: 'none' };
    });
    registerRoutePermissions(app);
    let handled = 0;
    const handler = async () => ({ handled: ++handled });
    app.get(
      '/api/staff',
      { config: { permission: 'action:claims', refusal: { missing: 'Claims only.' } } },
      handler,
    );
    app.get('/api/acting', { config: { permission: 'finance', actingForCustomer: true } }, handler);
    app.get('/api/own', { config: { staffPermission: 'action:underwriting' } }, handler);
    await app.ready();
    const as = async (url: string, caller: Caller) => {
      const res = await app.inject({ url, headers: { 'x-caller': JSON.stringify(caller) } });
      return {
        status: res.statusCode,
        message: res.statusCode === 200 ? '' : (res.json().message as string),
      };
    };
    return { app, as, handled: () => handled };
  }
  const customer: Caller = { kind: 'customer', partyId: 'p', userId: 'u', permissions: [], claims: {} };
  const staffWith = (permissions: string[], partyId?: string): Caller => ({
    kind: 'admin',
    userId: 'u1',
    permissions,
    claims: {},
    partyId,
  });

  it('refuses staff without the permission (403, its words) before the handler; staff with it reach it', async () => {
    const { app, as, handled } = await appWith();
    expect(await as('/api/staff', staffWith(['finance']))).toEqual({ status: 403, message: 'Claims only.' });
    expect(await as('/api/staff', customer)).toMatchObject({ status: 403 });
    expect(await as('/api/staff', { kind: 'none' })).toMatchObject({ status: 401 });
    expect(handled()).toBe(0);
    expect(await as('/api/staff', staffWith(['action:claims']))).toEqual({ status: 200, message: '' });
    expect(handled()).toBe(1);
    expect(app.routePermissions.get('GET /api/staff')).toMatchObject({
      appliesTo: 'staff',
      permissions: ['action:claims'],
    });
    await app.close();
  });

  it('acting for a customer needs access:impersonate and a customer as well as the permission', async () => {
    const { app, as } = await appWith();
    expect(await as('/api/acting', staffWith(['finance', 'access:impersonate']))).toMatchObject({
      status: 403,
    });
    expect(await as('/api/acting', staffWith(['finance'], 'p'))).toMatchObject({ status: 403 });
    expect(await as('/api/acting', staffWith(['access:impersonate'], 'p'))).toMatchObject({ status: 403 });
    expect(await as('/api/acting', staffWith(['finance', 'access:impersonate'], 'p'))).toMatchObject({
      status: 200,
    });
    await app.close();
  });

  it('staffPermission: a customer route asks staff callers only', async () => {
    const { app, as } = await appWith();
    expect(await as('/api/own', customer)).toMatchObject({ status: 200 });
    expect(await as('/api/own', { kind: 'anonymous', partyId: 'p' })).toMatchObject({ status: 200 });
    expect(await as('/api/own', staffWith(['access:impersonate'], 'p'))).toMatchObject({ status: 403 });
    expect(await as('/api/own', staffWith(['action:underwriting'], 'p'))).toMatchObject({ status: 200 });
    expect(app.routePermissions.get('GET /api/own')).toMatchObject({ appliesTo: 'staff caller' });
    await app.close();
  });
});
