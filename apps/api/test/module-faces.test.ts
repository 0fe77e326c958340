import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** ADR 134: payments, billing and policies use each other only through index.ts, in one direction. */
const modulesDir = fileURLToPath(new URL('../src/modules', import.meta.url));
const FACED = ['payments', 'billing', 'policies'] as const;
/** Who may depend on whom (policies → billing → payments). */
const MAY_USE: Record<(typeof FACED)[number], string[]> = {
  payments: [],
  billing: ['payments'],
  policies: ['billing', 'payments'],
};

function importsOf(module: string) {
  const dir = path.join(modulesDir, module);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((file) =>
      [...readFileSync(path.join(dir, file), 'utf8').matchAll(/from '\.\.\/([a-z-]+)\/([^']+)'/g)].map(
        (m) => ({
          at: `${module}/${file}`,
          module: m[1] as string,
          file: m[2] as string,
        }),
      ),
    );
}

describe('module faces', () => {
  for (const module of FACED) {
    it(`${module} imports the other business modules only through their index.ts, one way`, () => {
      const bad = importsOf(module)
        .filter((i) => (FACED as readonly string[]).includes(i.module))
        .filter((i) => i.file !== 'index.ts' || !MAY_USE[module].includes(i.module))
        .map((i) => `${i.at} imports ../${i.module}/${i.file}`);
      expect(bad).toEqual([]);
    });
  }

  it('the rest of the API uses these modules through their faces too', () => {
    const others = readdirSync(modulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !(FACED as readonly string[]).includes(d.name))
      .map((d) => d.name);
    const bad = others
      .flatMap(importsOf)
      .filter((i) => (FACED as readonly string[]).includes(i.module) && i.file !== 'index.ts')
      .map((i) => `${i.at} imports ../${i.module}/${i.file}`);
    expect(bad).toEqual([]);
  });

  it('every module has a face (index.ts)', () => {
    const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(modules.length).toBeGreaterThan(10);
    const faceless = modules
      .filter((d) => !readdirSync(path.join(modulesDir, d.name)).includes('index.ts'))
      .map((d) => d.name);
    expect(faceless).toEqual([]);
  });

  // ADR 134, 170: a module writes only its own tables (bind asks proposals to mark the proposal bound).
  const OWNS: Record<string, string[]> = {
    proposals: ['proposals', 'retrievalAttempts'],
    policies: ['policies', 'policyVersions', 'purchaseMethods'],
    billing: ['customerAccounts', 'paymentMethodChanges', 'statements', 'statementLineItems'],
    payments: [
      'customerPayments',
      'ddCollections',
      'ddRedirectFlows',
      'duplicatePayments',
      'paymentMethods',
      'paymentRefunds',
      'paymentSessions',
      'webhookEvents',
    ],
  };
  for (const [module, tables] of Object.entries(OWNS)) {
    it(`${module} writes only its own tables`, () => {
      const dir = path.join(modulesDir, module);
      const written = readdirSync(dir)
        .filter((f) => f.endsWith('.ts'))
        .flatMap((file) =>
          [
            ...readFileSync(path.join(dir, file), 'utf8').matchAll(
              /\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g,
            ),
          ].map((m) => ({ at: `${module}/${file}`, table: m[1] as string })),
        );
      expect(written.length).toBeGreaterThan(0);
      expect(
        written.filter((w) => !tables.includes(w.table)).map((w) => `${w.at} writes ${w.table}`),
      ).toEqual([]);
    });
  }

  it('only the proposals module writes the proposals table', () => {
    const modules = readdirSync(modulesDir, { withFileTypes: true }).filter(
      (d) => d.isDirectory() && d.name !== 'proposals',
    );
    const bad = modules.flatMap((d) =>
      readdirSync(path.join(modulesDir, d.name))
        .filter((f) => f.endsWith('.ts'))
        .filter((f) =>
          /\.(?:insert|update|delete)\(\s*proposals\s*\)|(?:UPDATE|INSERT INTO|DELETE FROM)\s+proposals\b/.test(
            readFileSync(path.join(modulesDir, d.name, f), 'utf8'),
          ),
        )
        .map((f) => `${d.name}/${f}`),
    );
    expect(bad).toEqual([]);
  });

  // ADR 155, 170: these plain reads of the caller's data go through owned(ctx), not a manual party filter.
  it.each([
    'proposals/queries.ts',
    'proposals/list-proposals.ts',
    'proposals/delete-proposal.ts',
    'proposals/get-proposal.ts',
    'policies/get-policies.ts',
    'accounts/get-policyholder.ts',
  ])('%s reads through owned(ctx)', (file) => {
    const text = readFileSync(path.join(modulesDir, file), 'utf8');
    expect(text).not.toMatch(/eq\(\w+\.partyId,/);
    expect(text).toMatch(/owned\(ctx\)|scope\.where\(/);
  });
});
