/**
 * The lifecycle simulation (issue 26, ADR 343): N seeded lives through the real modules, the oracle after
 * every simulated day, and for a life that breaks, the shortest operation list that still breaks it.
 */
import { type LifeResult, runLife } from './life.ts';
import { describeOp, drawLife, type LifePlan } from './plan.ts';
import { lifeSeed, rng } from './rng.ts';
import { type Brand, openWorld, type World } from './world.ts';

export interface Finding {
  seed: number;
  kind: string;
  message: string;
  day: number;
  /** The shrunk plan's operations, one line each. */
  operations: string[];
}

export interface SimulationResult {
  lives: number;
  operations: number;
  breaches: number;
  findings: Finding[];
  errors: { seed: number; error: string; operations: string[] }[];
  ms: number;
}

/** The worlds of a process: one per brand, opened on first use and reused by every life. */
export function worldPool() {
  const open = new Map<Brand, Promise<World>>();
  return {
    get: (brand: Brand) => {
      let w = open.get(brand);
      if (!w) {
        w = openWorld(brand);
        open.set(brand, w);
      }
      return w;
    },
    close: async () => {
      for (const w of open.values()) await (await w).close();
    },
  };
}

const planOf = (seed: number): LifePlan => drawLife(rng(seed), seed);

/**
 * Greedy delta debugging: drop each operation in turn while the life still shows a breach of `kind`, then try
 * shorter lives. Answers the shrunk plan and the breach it still shows.
 */
export async function shrink(
  get: (b: Brand) => Promise<World>,
  plan: LifePlan,
  kind: string,
): Promise<{ plan: LifePlan; breach?: LifeResult['breaches'][number] }> {
  let best = plan;
  let breach: LifeResult['breaches'][number] | undefined;
  const tryPlan = async (candidate: LifePlan) => {
    const found = (await runLife(get, candidate)).breaches.find((b) => b.kind === kind);
    if (found) {
      best = candidate;
      breach = found;
    }
    return found !== undefined;
  };
  for (let i = best.ops.length - 1; i >= 0; i--)
    await tryPlan({ ...best, ops: best.ops.filter((_, j) => j !== i) });
  const last = Math.max(0, ...best.ops.map((o) => o.day));
  for (const days of [7, 35, 70, 130]) {
    if (days >= best.days) break;
    if (days > last && (await tryPlan({ ...best, days }))) break;
  }
  return { plan: best, ...(breach ? { breach } : {}) };
}

export async function simulate(o: {
  lives: number;
  seed: number;
  /** The index of the first life (default 0): lives first … first + lives − 1 of the run seed, so that a run can be
   * cut into parts that run at once (the test suite runs its 200 lives as four files of 50). */
  first?: number;
  shrink?: boolean;
  /** Run the one life of this seed (a reported seed) instead. */
  only?: number;
  log?: (line: string) => void;
}): Promise<SimulationResult> {
  const started = performance.now();
  const pool = worldPool();
  const result: SimulationResult = { lives: 0, operations: 0, breaches: 0, findings: [], errors: [], ms: 0 };
  const kindsShrunk = new Set<string>();
  try {
    const first = o.first ?? 0;
    for (let i = first; i < first + o.lives; i++) {
      const seed = o.only ?? lifeSeed(o.seed, i);
      const plan = planOf(seed);
      const r = await runLife(pool.get, plan);
      result.lives++;
      result.operations += r.operations;
      if (r.error) {
        result.errors.push({ seed, error: r.error, operations: [plan.buy, ...plan.ops].map(describeOp) });
        o.log?.(`life ${seed}: error ${r.error.split('\n')[0]}`);
      }
      result.breaches += r.breaches.length;
      for (const b of r.breaches) {
        let shrunk = plan;
        let shown = b;
        // Shrink the first life of each breach kind (the others keep their whole plan); the finding then shows
        // the breach as the shrunk life shows it.
        if (o.shrink !== false && !kindsShrunk.has(b.kind)) {
          kindsShrunk.add(b.kind);
          const s = await shrink(pool.get, plan, b.kind);
          shrunk = s.plan;
          shown = s.breach ?? b;
        }
        result.findings.push({
          seed,
          kind: b.kind,
          message: shown.message,
          day: shown.day,
          operations: [shrunk.buy, ...shrunk.ops].map(describeOp).concat(`(${shrunk.days} days)`),
        });
        o.log?.(`life ${seed}: ${b.kind} on day ${b.day}: ${b.message}`);
      }
    }
  } finally {
    await pool.close();
  }
  result.ms = performance.now() - started;
  return result;
}

/** The run's report: the summary line first, then each breach with its seed and shrunk operations. */
export function report(r: SimulationResult): string {
  const lines = [`${r.lives} lives, ${r.operations} operations, ${r.breaches} breaches`];
  lines.push(`(${(r.ms / 1000).toFixed(1)} s, ${(r.ms / Math.max(1, r.lives)).toFixed(0)} ms a life)`);
  const byKind = new Map<string, Finding[]>();
  for (const f of r.findings) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
  for (const [kind, fs] of byKind) {
    const first = fs[0]!;
    lines.push(
      '',
      `BREACH ${kind}: ${fs.length} in lives ${[...new Set(fs.map((f) => f.seed))].slice(0, 8).join(', ')}`,
    );
    lines.push(`  seed ${first.seed}, day ${first.day}: ${first.message}`);
    lines.push('  shortest operations that still break:');
    for (const op of first.operations) lines.push(`    ${op}`);
  }
  for (const e of r.errors.slice(0, 5)) {
    lines.push('', `ERROR in life ${e.seed}: ${e.error}`);
    for (const op of e.operations) lines.push(`    ${op}`);
  }
  return lines.join('\n');
}
