import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createTestDatabase } from '../test/database';
import {
  createJobRunner,
  enqueueJob,
  pruneSucceededJobs,
  type JobHandler,
  type JobRunnerOptions,
} from './runner';

const silentLog = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
} as unknown as FastifyBaseLogger;

/** A runner whose kinds all run in the short lane. */
function runnerOf({
  handlers,
  ...options
}: Omit<JobRunnerOptions, 'kinds'> & { handlers: Record<string, JobHandler> }) {
  const kinds = Object.fromEntries(
    Object.entries(handlers).map(([kind, run]) => [kind, { lane: 'short' as const, run }]),
  );
  return createJobRunner({ ...options, kinds });
}

describe('job runner', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });
  beforeEach(async () => {
    await db.query('delete from jobs');
  });

  const enqueue = async (...args: Parameters<typeof enqueueJob>) => {
    const id = await enqueueJob(...args);
    if (!id) throw new Error('the job was not enqueued');
    return id;
  };
  const statusOf = async (id: string) =>
    (
      await db.query<{ status: string; attempts: number; last_error: string | null }>(
        'select status, attempts, last_error from jobs where id = $1',
        [id],
      )
    )[0];

  it('forgets only the succeeded runs of the kind that finished before the cut-off', async () => {
    const finished = async (kind: string, status: string, hoursAgo: number) => {
      const id = await enqueue(db, kind, {});
      await db.query(
        `update jobs set status = $2, finished_at = now() - $3::int * interval '1 hour' where id = $1`,
        [id, status, hoursAgo],
      );
      return id;
    };
    const old = await finished('periodic', 'succeeded', 30);
    const recent = await finished('periodic', 'succeeded', 2);
    const failed = await finished('periodic', 'failed', 30);
    const otherKind = await finished('other', 'succeeded', 30);
    await pruneSucceededJobs(db, 'periodic', 24 * 60 * 60_000);
    const left = (await db.query<{ id: string }>('select id from jobs')).map((row) => row.id);
    expect(left.sort()).toEqual([recent, failed, otherKind].sort());
    expect(left).not.toContain(old);
  });

  it('runs a queued job once and records success', async () => {
    const seen: unknown[] = [];
    const runner = runnerOf({
      db,
      log: silentLog,
      handlers: { greet: (job) => Promise.resolve(void seen.push(job.payload)) },
    });
    const id = await enqueue(db, 'greet', { name: 'Ada' });
    expect(await runner.runOnce()).toBe(true);
    expect(await runner.runOnce()).toBe(false);
    expect(seen).toEqual([{ name: 'Ada' }]);
    expect(await statusOf(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('retries a failing job later and gives up after max attempts, keeping the error', async () => {
    const failing: JobHandler = () => Promise.reject(new Error('disk on fire'));
    const runner = runnerOf({ db, log: silentLog, handlers: { flaky: failing } });
    const id = await enqueue(db, 'flaky', {}, { maxAttempts: 2 });
    await runner.runOnce();
    expect(await statusOf(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'disk on fire' });
    // Backoff: not claimable again until run_at passes.
    expect(await runner.runOnce()).toBe(false);
    await db.query(`update jobs set run_at = now() - interval '1 second' where id = $1`, [id]);
    await runner.runOnce();
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('keeps one job per dedupe key', async () => {
    const first = await enqueueJob(db, 'snapshot', {}, { dedupeKey: 'chart:2026-11-21' });
    const second = await enqueueJob(db, 'snapshot', {}, { dedupeKey: 'chart:2026-11-21' });
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    expect(await db.query('select 1 from jobs')).toHaveLength(1);
  });

  it('reclaims a job whose worker died mid-run once the lease runs out', async () => {
    const id = await enqueue(db, 'work', {});
    // A worker claimed it and crashed: the row says running, locked long ago.
    await db.query(
      `update jobs set status = 'running', attempts = 1, locked_by = 'dead', locked_at = now() - interval '11 minutes' where id = $1`,
      [id],
    );
    let ran = 0;
    const runner = runnerOf({
      db,
      log: silentLog,
      handlers: {
        work: () => {
          ran += 1;
          return Promise.resolve();
        },
      },
    });
    expect(await runner.runOnce()).toBe(true);
    expect(ran).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('never hands one job to two runners at once', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => enqueueJob(db, 'count', { i })));
    const seen: number[] = [];
    const handler: JobHandler = async (job) => {
      seen.push((job.payload as { i: number }).i);
      await new Promise((r) => setTimeout(r, 2));
    };
    const a = runnerOf({ db, log: silentLog, handlers: { count: handler } });
    const b = runnerOf({ db, log: silentLog, handlers: { count: handler } });
    const drain = async (runner: typeof a) => {
      while (await runner.runOnce()) {
        /* keep going */
      }
    };
    await Promise.all([drain(a), drain(b)]);
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
  it('ignores the outcome of a worker whose lease ran out while another worker took the job', async () => {
    const id = await enqueue(db, 'slow', {});
    let release!: () => void;
    // The slow worker's renewal is far off (a third of its lease): it stands for one that stalled.
    const slow = runnerOf({
      db,
      log: silentLog,
      leaseMs: 60_000,
      handlers: { slow: () => new Promise<void>((resolve) => (release = resolve)) },
    });
    const slowRun = slow.runOnce();
    await expect.poll(() => statusOf(id)).toMatchObject({ status: 'running' });
    // The slow worker is presumed dead: its lease is over, and a second worker takes the job.
    await db.query(`update jobs set locked_at = now() - interval '2 seconds' where id = $1`, [id]);
    let taken!: () => void;
    const second = runnerOf({
      db,
      log: silentLog,
      leaseMs: 1000,
      handlers: { slow: () => new Promise<void>((resolve) => (taken = resolve)) },
    });
    const secondRun = second.runOnce();
    await expect.poll(() => statusOf(id)).toMatchObject({ attempts: 2 });
    release();
    await slowRun;
    // The first worker's late success changed nothing: the job is still the second worker's.
    expect(await statusOf(id)).toMatchObject({ status: 'running', attempts: 2 });
    taken();
    await secondRun;
    expect(await statusOf(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('hands a job still running after the shutdown grace back to the queue, attempt uncounted', async () => {
    const id = await enqueue(db, 'endless', {});
    let release!: () => void;
    const runner = runnerOf({
      db,
      log: silentLog,
      pollIntervalMs: 5,
      handlers: { endless: () => new Promise<void>((resolve) => (release = resolve)) },
    });
    runner.start();
    await expect.poll(() => statusOf(id)).toMatchObject({ status: 'running', attempts: 1 });
    expect(await runner.stop({ graceMs: 50 })).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'queued', attempts: 0 });
    const [row] = await db.query<{ locked_by: string | null }>('select locked_by from jobs where id = $1', [
      id,
    ]);
    expect(row?.locked_by).toBeNull();
    // The handler's late end records nothing over the handed-back job.
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(await statusOf(id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('waits for a job that finishes within the shutdown grace', async () => {
    const id = await enqueue(db, 'brief', {});
    const runner = runnerOf({
      db,
      log: silentLog,
      pollIntervalMs: 5,
      handlers: { brief: () => new Promise<void>((resolve) => setTimeout(resolve, 100)) },
    });
    runner.start();
    await expect.poll(() => statusOf(id)).toMatchObject({ status: 'running' });
    expect(await runner.stop({ graceMs: 5000 })).toBe(0);
    expect(await statusOf(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
  it('renews the lease of a job that runs longer than the lease, so no second worker takes it', async () => {
    const id = await enqueue(db, 'long', {});
    let runs = 0;
    const handler: JobHandler = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    };
    const first = runnerOf({ db, log: silentLog, leaseMs: 600, handlers: { long: handler } });
    const second = runnerOf({ db, log: silentLog, leaseMs: 600, handlers: { long: handler } });
    const running = first.runOnce();
    await expect.poll(() => statusOf(id)).toMatchObject({ status: 'running' });
    // Well past the lease, the second worker still finds nothing to take.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await second.runOnce()).toBe(false);
    await running;
    expect(runs).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
