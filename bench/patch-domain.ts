/**
 * The PATCH's own work, in-process (issue 29, ADR 369): each step that a `PATCH /api/proposals/{code}` with
 * applyRating runs between reading the row and writing it, timed alone on a warm process, with no HTTP, no
 * database and nothing else competing for the core. It is the floor the load bench's CPU per PATCH stands on:
 * what no change of transport, driver or framework can take away.
 *
 * Then the same steps as the server meets them: each time a proposal freshly parsed from its stored JSON, the
 * rating bench's different risks in turn (bench/support/risks.ts), each step timed
 * within the sequence of one PATCH rather than in a loop of its own (ADR 369).
 *
 * Then the same PATCHes when the core does something else between them, as a server's core always does (ADR
 * 370): sleeping 1 or 3 ms (the process idle, the core left to other work), and walking through 16, 32 and 64 MB
 * (the last-level cache is 32 MB here) to push the steps' code and data out of the caches. The steps are timed;
 * what runs between them is not.
 * `npm run bench -- patch-domain` — prints figures; never fails on a number.
 */

import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { loadBrand } from '../apps/api/src/config/brand.ts';
import { brandRuleErrors } from '../apps/api/src/modules/proposals/brand-questions.ts';
import { rateProposal, validateForRating } from '../apps/api/src/modules/proposals/rate-proposal.ts';
import { riskVariety } from './support/risks.ts';

const brand = loadBrand('forecourt');
const now = new Date('2026-11-27T10:00:00Z');
const data = sampleProposalData('2026-11-28');
const input = { data, promoCode: null, product: 'MOTOR', schemeCode: 'FCMOTOR1', brand };
const checked = validateForRating(input, now);
if (!checked.success)
  throw new Error(`The sample proposal does not validate: ${JSON.stringify(checked.errors)}`);
const quote = rateProposal(input, { validityDays: 30 }, now, checked.data);
const stored = JSON.stringify(data);
// A section save of the car (the load bench's second save): only its answers' rules are checked.
const carSave = (path: string) => path.startsWith('asset.');

let sink = 0;
function time(step: string, work: () => unknown, n = 20_000): number {
  for (let i = 0; i < 3_000; i++) work();
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    const before = process.cpuUsage();
    for (let i = 0; i < n; i++) sink += work() === undefined ? 0 : 1;
    const used = process.cpuUsage(before);
    rounds.push((used.user + used.system) / n);
  }
  const median = rounds.sort((a, b) => a - b)[2]!;
  console.log(`${step.padEnd(56)} ${median.toFixed(1).padStart(6)} µs`);
  return median;
}

const steps = [
  time('validate the whole proposal (the complete reading)', () => validateForRating(input, now)),
  time('the brand’s configured rules (a car section save)', () => brandRuleErrors(brand, data, now, carSave)),
  time('rate, and the quote from the rating', () =>
    rateProposal(input, { validityDays: 30 }, now, checked.data),
  ),
  time('JSON text of the write (answers and quote)', () => JSON.stringify(data) + JSON.stringify(quote)),
  time('JSON parse of the stored answers (the read)', () => JSON.parse(stored)),
];
console.log(
  `${'the PATCH’s own work, without HTTP or the database'.padEnd(56)} ${steps
    .reduce((a, b) => a + b, 0)
    .toFixed(1)
    .padStart(6)} µs`,
);
console.log(
  `(answers ${stored.length} bytes, quote ${JSON.stringify(quote).length} bytes; ${sink > 0 ? 'ran' : ''})`,
);

// The rating bench's 64 risks, as stored JSON: those the complete reading accepts (each PATCH here rates).
const variety = riskVariety('2026-11-28')
  .filter((d) => validateForRating({ ...input, data: d }, now).success)
  .map((d) => JSON.stringify(d));
const spent = [0, 0, 0];
/** The process's CPU time over the three steps, µs: beside their wall time, as a core shared with others skews it. */
let cpu = 0;
const clock = () => process.hrtime.bigint();
function onePatch(i: number) {
  const fresh = JSON.parse(variety[i % variety.length]!);
  const one = { ...input, data: fresh };
  const c0 = process.cpuUsage();
  const t0 = clock();
  const valid = validateForRating(one, now);
  const t1 = clock();
  sink += Object.keys(brandRuleErrors(brand, fresh, now, carSave)).length;
  const t2 = clock();
  if (valid.success) sink += rateProposal(one, { validityDays: 30 }, now, valid.data).quote ? 1 : 0;
  const t3 = clock();
  const used = process.cpuUsage(c0);
  cpu += used.user + used.system;
  spent[0]! += Number(t1 - t0);
  spent[1]! += Number(t2 - t1);
  spent[2]! += Number(t3 - t2);
}
/** Runs the PATCHes (after a warm-up) with `between` after each, and prints each step's mean. */
async function patches(title: string, between?: () => unknown, n = 20_000) {
  for (let i = 0; i < (between ? 200 : 3_000); i++) {
    onePatch(i);
    await between?.();
  }
  spent.fill(0);
  cpu = 0;
  for (let i = 0; i < n; i++) {
    onePatch(i);
    await between?.();
  }
  const mean = (ns: number) => (ns / n / 1000).toFixed(1).padStart(6);
  console.log(
    `${title.padEnd(56)} ${names.map((name, k) => `${name} ${mean(spent[k]!)}`).join('  ')}  the three ${mean(spent.reduce((a, b) => a + b, 0))} µs (CPU ${(cpu / n).toFixed(1)})`,
  );
}
const names = ['validate', 'rules', 'rate'];
console.log(
  '\nThe same steps on a fresh parse of 64 different proposals in turn, each timed within one PATCH (µs, wall time of one busy core):',
);
await patches('back to back');
console.log('\n… with the core doing something else between two PATCHes (only the steps are timed):');
const sleep = (ms: number) => () => new Promise((resolve) => setTimeout(resolve, ms));
/** Touches every cache line of `mb` MB: what the steps had in the caches is pushed out as far as that reaches. */
const walk = (mb: number) => {
  const bytes = new Uint8Array(mb << 20);
  return () => {
    for (let j = 0; j < bytes.length; j += 64) bytes[j]! += 1;
  };
};
await patches('sleep 1 ms', sleep(1), 2_000);
await patches('sleep 3 ms', sleep(3), 1_500);
for (const mb of [16, 32, 64]) await patches(`walk through ${mb} MB`, walk(mb), 1_500);
await patches('back to back, again', undefined, 5_000);
