import { describe, expect, it } from 'vitest';
import { check, readBaseline, readTree, specifiers, violations } from '../../../scripts/check-boundaries.ts';

// The boundary check of npm test (ADR 152): today's tree passes against its baseline, and any new
// violation of the one-way rules fails, naming the import.
describe('boundary check', () => {
  const tree = readTree();
  const baseline = readBaseline();
  const withScratch = (file: string, line: string) => {
    const scratch = new Map(tree);
    scratch.set(file, `${tree.get(file) ?? ''}\n${line}\n`);
    return check(scratch, baseline).added;
  };
  const someFile = (prefix: string) => {
    const f = [...tree.keys()].find((k) => k.startsWith(prefix));
    if (!f) throw new Error(`no file under ${prefix}`);
    return f;
  };

  it('passes on the tree as it is, against the known violations', () => {
    expect(check(tree, baseline).added).toEqual([]);
  });

  it('reads every kind of import', () => {
    expect(
      specifiers(`import a from './a.ts';\nimport type { B } from "./b.ts";\nexport * from './c.ts';\n
import {\n  d,\n  e,\n} from './d.ts';\nimport './side.ts';\nconst f = () => import('./f.tsx');\n// import x from './no.ts'`),
    ).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './side.ts', './f.tsx']);
  });

  it('fails on a scratch cross-feature import, naming it', () => {
    const from = someFile('apps/web/src/features/home/');
    const depth = from.split('/').length - 'apps/web/src/features/home/x'.split('/').length;
    const added = withScratch(from, `import { x } from '${'../'.repeat(depth + 1)}quote/scratch-only.ts';`);
    expect(added).toEqual([`web feature -> feature: ${from} -> apps/web/src/features/quote/scratch-only.ts`]);
  });

  it('lets an area meet another only through its index.ts face, one way (issue 30 point 2, ADR 358)', () => {
    const page = 'apps/web/src/features/policy/policy-page.tsx';
    expect(withScratch(page, "import '../billing/components/billing-tab.tsx';")).toEqual([
      `web feature -> feature: ${page} -> apps/web/src/features/billing/components/billing-tab.tsx`,
    ]);
    expect(withScratch(page, "import '../billing/index.ts';")).toEqual([]);
    // An area without an index.ts has no face for other areas (the shell meets it through routes.tsx).
    expect(withScratch(page, "import '../quote/routes.tsx';").join()).toContain('web feature -> feature');
    // Cancellation reads an adjustment through the changes face, so changes importing cancellation's face closes
    // a cycle between the two areas.
    const review = 'apps/web/src/features/changes/components/adjustment-review.tsx';
    expect(withScratch(review, "import '../../cancellation/index.ts';")).toContain(
      'web area cycle: features/cancellation <-> features/changes',
    );
    // One face per area: claims, met by the shell through routes.tsx, may not grow a second face.
    expect(withScratch('apps/web/src/features/claims/index.ts', '')).toEqual([
      'web area with two faces: features/claims',
    ]);
  });

  it('fails on ui -> app, ui -> features, package -> app, domain -> contracts and module internals', () => {
    const ui = someFile('apps/web/src/ui/');
    expect(withScratch(ui, "import '@forecourt/web/app/scratch.tsx';").join()).toContain('web ui -> app');
    expect(withScratch(ui, "import '@forecourt/web/features/quote/scratch.tsx';").join()).toContain(
      'web ui -> features',
    );
    const domain = someFile('packages/domain/src/');
    expect(withScratch(domain, "import '@forecourt/contracts';").join()).toContain(
      'layer domain -> contracts',
    );
    const contracts = someFile('packages/contracts/src/');
    expect(withScratch(contracts, "import '@forecourt/api/app.ts';").join()).toContain(
      'layer contracts -> api',
    );
    const session = someFile('apps/api/src/modules/session/');
    const internals = withScratch(session, "import '@forecourt/api/modules/billing/scratch.ts';");
    expect(internals.join()).toContain('api module internals');
    expect(withScratch(session, "import '@forecourt/api/modules/billing/index.ts';")).toEqual(
      expect.not.arrayContaining([expect.stringContaining('api module internals')]),
    );
  });

  it('lets the shell meet an area only in app/routes.tsx, through the area routes.tsx (issue 30 point 4)', () => {
    const app = 'apps/web/src/app/app.tsx';
    expect(withScratch(app, "import '@forecourt/web/features/policy/policy-page.tsx';")).toEqual([
      `web app -> feature internals: ${app} -> apps/web/src/features/policy/policy-page.tsx`,
    ]);
    expect(withScratch(app, "import '@forecourt/web/features/policy/routes.tsx';").join()).toContain(
      'web app -> feature internals',
    );
    const routes = 'apps/web/src/app/routes.tsx';
    expect(withScratch(routes, "import '@forecourt/web/features/policy/policy-page.tsx';").join()).toContain(
      'web app -> feature internals',
    );
    expect(withScratch(routes, "import '@forecourt/web/features/policy/routes.tsx';")).toEqual([]);
  });

  it('lets code outside ui/ meet the kit only through ui/index.ts (issue 30 point 4, ADR 358)', () => {
    const home = 'apps/web/src/features/home/home-page.tsx';
    expect(withScratch(home, "import { Spinner } from '../../ui/spinner/spinner.tsx';")).toEqual([
      `web ui internals: ${home} -> apps/web/src/ui/spinner/spinner.tsx`,
    ]);
    expect(withScratch(home, "import { Spinner } from '../../ui/index.ts';")).toEqual([]);
    const shell = 'apps/web/src/app/app.tsx';
    expect(withScratch(shell, "import '../ui/inputs/inputs.module.css';").join()).toContain(
      'web ui internals',
    );
    const widget = someFile('apps/web/src/ui/modal/');
    expect(withScratch(widget, "import '../button/button.tsx';")).toEqual([]);
  });

  it('scans the journeys, benches and scripts: the product never imports them, they never import the web sources', () => {
    expect(
      tree.has('e2e/support/server.ts') && tree.has('bench/run.ts') && tree.has('scripts/phases.mjs'),
    ).toBe(true);
    const journey = someFile('e2e/journeys/');
    expect(withScratch(journey, "import '@forecourt/web/ui/index.ts';").join()).toContain(
      'tools -> web sources',
    );
    const api = someFile('apps/api/src/lib/');
    expect(withScratch(api, "import '../../../../e2e/support/server.ts';").join()).toContain(
      'product -> tools',
    );
    const bench = someFile('bench/');
    expect(withScratch(bench, "import '@forecourt/api/app.ts';")).toEqual([]);
  });

  it('tolerates no known violation: the baseline is empty', () => {
    expect([...baseline]).toEqual([]);
  });

  it('keeps lib and forms below the areas, with the text registries as the one exception', () => {
    const lib = 'apps/web/src/lib/config.tsx';
    expect(withScratch(lib, "import '@forecourt/web/features/home/texts.ts';")).toEqual([
      `web lib -> features: ${lib} -> apps/web/src/features/home/texts.ts`,
    ]);
    expect(withScratch(lib, "import '@forecourt/web/ui/index.ts';").join()).toContain('web lib -> ui');
    const registry = 'apps/web/src/lib/i18n/default-texts.ts';
    expect(withScratch(registry, "import '@forecourt/web/features/home/texts.ts';")).toEqual([]);
    // (lib modules that use i18n sit on the far side of such an import, so it may close a cycle as well)
    expect(withScratch(registry, "import '@forecourt/web/features/home/routes.tsx';")).toContain(
      `web lib -> features: ${registry} -> apps/web/src/features/home/routes.tsx`,
    );
    const forms = someFile('apps/web/src/forms/');
    expect(withScratch(forms, "import '@forecourt/web/features/quote/scratch.ts';").join()).toContain(
      'web forms -> features',
    );
    expect(withScratch(forms, "import '@forecourt/web/app/routes.tsx';").join()).toContain(
      'web forms -> app',
    );
    const ui = someFile('apps/web/src/ui/');
    expect(withScratch(ui, "import '@forecourt/web/forms/lookups/index.ts';").join()).toContain(
      'web ui -> forms',
    );
  });

  it('lets code outside the API modules use their faces only, and shared infrastructure none', () => {
    const jobs = 'apps/api/src/jobs/index.ts';
    expect(withScratch(jobs, "import '@forecourt/api/modules/proposals/expire-quotes.ts';")).toEqual([
      `api module internals: ${jobs} -> apps/api/src/modules/proposals/expire-quotes.ts`,
    ]);
    expect(withScratch(jobs, "import '@forecourt/api/modules/proposals/index.ts';")).toEqual([]);
    const seed = 'apps/api/src/db/seed.ts';
    expect(
      withScratch(seed, "import '@forecourt/api/modules/identity/demo-identities.ts';").join(),
    ).toContain('api module internals');
    const lib = 'apps/api/src/lib/party-scope.ts';
    // (the proposals module itself reads through party-scope, so the scratch import also closes a cycle)
    expect(withScratch(lib, "import '@forecourt/api/modules/proposals/index.ts';")).toContain(
      `api shared -> module: ${lib} -> apps/api/src/modules/proposals/index.ts`,
    );
    const registry = 'apps/api/src/jobs/registry.ts';
    expect(withScratch(registry, "import '@forecourt/api/modules/policies/index.ts';").join()).toContain(
      'api shared -> module',
    );
  });

  it('fails on a new import cycle, naming its files', () => {
    const tiny = new Map([
      ['packages/domain/src/a.ts', "import './b.ts';"],
      ['packages/domain/src/b.ts', "import './a.ts';"],
      ['packages/domain/src/c.ts', "import './a.ts';"],
    ]);
    expect(violations(tiny)).toEqual(['cycle: packages/domain/src/a.ts <-> packages/domain/src/b.ts']);
  });

  it('does not count a piece broken off a known cycle as new', () => {
    const known = new Set(['cycle: x/a.ts <-> x/b.ts <-> x/c.ts']);
    const tiny = new Map([
      ['packages/domain/src/a.ts', "import './b.ts';"],
      ['packages/domain/src/b.ts', "import './a.ts';"],
    ]);
    expect(check(tiny, known).added).toHaveLength(1);
    const sub = new Set([
      'cycle: packages/domain/src/a.ts <-> packages/domain/src/b.ts <-> packages/domain/src/z.ts',
    ]);
    expect(check(tiny, sub).added).toEqual([]);
  });
});
