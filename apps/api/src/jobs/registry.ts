import { LONDON } from '@forecourt/domain/calendar/london';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { AppServices } from '../lib/context.ts';
import { oncePer } from '../lib/once-per.ts';
import { SAFETY_POLL_SECONDS, wakeWorkersWithReadyJobs } from './waker.ts';

/**
 * A background job, defined once (ADR 155): its queue name, the zod schema of its payload, the handler and,
 * for recurring jobs, the schedule. `enqueue` only accepts a payload of the schema's type and parses it
 * before sending; the worker parses it again before the handler runs.
 */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly payload: Schema;
  handler(services: AppServices, payload: z.output<Schema>): Promise<unknown>;
  /**
   * Optional: a whole batch at once (work.batchSize > 1), e.g. one write for all. If it throws, the batch's
   * jobs run one by one through `handler`, so that a bad job fails alone.
   */
  batchHandler?(services: AppServices, payloads: z.output<Schema>[]): Promise<unknown>;
  /** A recurring job: cron in Europe/London (unless `tz` says otherwise), run with this payload. */
  readonly schedule?: { cron: string; tz?: string; payload: z.input<Schema> } | undefined;
  /** Queue options (policy, retries). */
  readonly queue?: Omit<PgBoss.Queue, 'name'> | undefined;
  /** Worker options (batch size). A due job starts within half a second whatever they say (jobs/waker.ts). */
  readonly work?: PgBoss.WorkOptions | undefined;
  /** Default send options for `enqueue`. */
  readonly send?: PgBoss.SendOptions | undefined;
  /** Registered only when this says so (e.g. a sandbox provider's job). */
  readonly enabled?: ((services: AppServices) => boolean) | undefined;
}

export function defineJob<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
): JobDefinition<Schema> {
  return definition;
}

/** A payload that does not match its job's schema: refused at enqueue, or failed (not run) by the worker. */
export class JobPayloadError extends Error {
  constructor(
    readonly job: string,
    readonly issues: z.ZodError['issues'],
  ) {
    super(
      `Job ${job}: invalid payload (${issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')})`,
    );
    this.name = 'JobPayloadError';
  }
}

function parsePayload<Schema extends z.ZodType>(job: JobDefinition<Schema>, data: unknown): z.output<Schema> {
  const parsed = job.payload.safeParse(data);
  if (!parsed.success) throw new JobPayloadError(job.name, parsed.error.issues);
  return parsed.data;
}

/**
 * Sends a job. The payload is type-checked against the job's schema and parsed (a bad payload throws
 * JobPayloadError and nothing is sent). Returns the job id, or undefined when jobs do not run in this
 * process (`JOBS=false`): the caller decides what to do then.
 */
export async function enqueue<Schema extends z.ZodType>(
  services: Pick<AppServices, 'boss'>,
  job: JobDefinition<Schema>,
  payload: z.input<Schema>,
  options: PgBoss.SendOptions = {},
): Promise<string | null | undefined> {
  const data = parsePayload(job, payload) as object;
  if (!services.boss) return undefined;
  const id = await services.boss.send(job.name, data, { ...job.send, ...options });
  // A worker of this queue in this process starts now (issue 15). Workers in other processes are woken
  // within half a second (jobs/waker.ts).
  for (const worker of localWorkers(services.boss).get(job.name) ?? []) services.boss.notifyWorker(worker);
  return id;
}

/** The workers this process runs, by queue name, so that `enqueue` can wake them. */
const localWorkers = oncePer((_boss: PgBoss) => new Map<string, string[]>());

/**
 * Runs a batch of jobs (work.batchSize > 1) one after another. A job that fails is failed alone (retried by
 * its queue's policy); the others complete. A batch of one fails as pg-boss fails it, with the error.
 */
async function runBatch(
  boss: PgBoss,
  services: AppServices,
  job: JobDefinition,
  batch: { id: string; data: unknown }[],
) {
  if (batch.length === 1) return job.handler(services, parsePayload(job, batch[0]!.data));
  if (job.batchHandler) {
    try {
      return await job.batchHandler(
        services,
        batch.map(({ data }) => parsePayload(job, data)),
      );
    } catch {
      // One of them is bad (a payload, a missing row...): run them one by one below.
    }
  }
  for (const { id, data } of batch) {
    try {
      await job.handler(services, parsePayload(job, data));
    } catch (err) {
      await boss.fail(job.name, id, { message: (err as Error).message });
    }
  }
}

/** Creates each enabled job's queue, starts its worker and declares its schedule. */
export async function registerJobDefinitions(
  boss: PgBoss,
  services: AppServices,
  jobs: readonly JobDefinition[],
): Promise<void> {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Job ${job.name} is defined twice`);
    names.add(job.name);
  }
  for (const job of jobs) {
    if (job.enabled && !job.enabled(services)) continue;
    await boss.createQueue(job.name, { ...job.queue, name: job.name });
    // createQueue leaves a queue that exists as it was: a queue made by an earlier release takes this one's
    // retry and expiry settings here (its policy stays: changing it would need its jobs moved).
    if (job.queue) {
      const existing = await boss.getQueue(job.name);
      await boss.updateQueue(job.name, {
        ...job.queue,
        name: job.name,
        policy: existing?.policy ?? job.queue.policy,
      });
    }
    // The waker starts a due job within half a second; the worker's own poll is only a safety net.
    const worker = await boss.work(
      job.name,
      { ...job.work, pollingIntervalSeconds: SAFETY_POLL_SECONDS },
      (batch) => runBatch(boss, services, job, batch),
    );
    const workers = localWorkers(boss);
    workers.set(job.name, [...(workers.get(job.name) ?? []), worker]);
    if (job.schedule) {
      const data = parsePayload(job, job.schedule.payload) as object;
      await boss.schedule(job.name, job.schedule.cron, data, { tz: job.schedule.tz ?? LONDON });
    }
  }
  if (!waking.has(boss)) {
    waking.add(boss);
    wakeWorkersWithReadyJobs(boss, localWorkers(boss));
    // A boss stopped and started again registers its jobs again: it gets a waker again.
    boss.once('stopped', () => waking.delete(boss));
  }
}

/** The bosses whose workers a waker already wakes (one per boss, however many times jobs are registered). */
const waking = new WeakSet<PgBoss>();
