import { describe, expect, it } from 'vitest';
import { readTree, resolve, specifiers } from '../../../scripts/check-boundaries.ts';

/**
 * ADR 342: the bank-holiday data (date-holidays) is for the API; the web's bundles must not reach it, and the
 * modules of the home bundle (dates.ts, status.ts, the London calendar) reach neither it nor @date-fns/tz
 * (issue 15, home ≤ 150 KB). Static: every import followed through the tree from the files named.
 */
describe('what the web reaches of the calendar', () => {
  const tree = readTree();
  /** The outside packages a set of files reaches through their imports. */
  const packagesReached = (roots: string[]) => {
    const seen = new Set<string>();
    const outside = new Set<string>();
    const todo = [...roots];
    while (todo.length > 0) {
      const file = todo.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of specifiers(tree.get(file) ?? '')) {
        const to = resolve(tree, file, spec);
        if (to) todo.push(to);
        else if (!spec.startsWith('.') && !spec.startsWith('node:')) outside.add(spec);
      }
    }
    return outside;
  };

  it('no web source reaches date-holidays', () => {
    const web = [...tree.keys()].filter((f) => f.startsWith('apps/web/src/') && !/\.test\.tsx?$/.test(f));
    expect(web.length).toBeGreaterThan(100);
    expect([...packagesReached(web)].filter((p) => p.startsWith('date-holidays'))).toEqual([]);
  });

  it('the home bundle modules reach neither date-holidays nor @date-fns/tz', () => {
    const home = [
      'packages/domain/src/dates.ts',
      'packages/domain/src/status.ts',
      'packages/domain/src/calendar/london.ts',
    ];
    const reached = [...packagesReached(home)];
    expect(reached.filter((p) => p.startsWith('date-holidays') || p.startsWith('@date-fns/tz'))).toEqual([]);
    // The API's working days do reach the holidays (the check is not empty by construction).
    expect([...packagesReached(['packages/domain/src/calendar/working-days.ts'])]).toContain('date-holidays');
  });
});
