import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createTestDatabase } from '../test/database';
import type { JobKind } from './lanes';
import { createJobRunner, enqueueJob, type JobHandler } from './runner';

const silentLog = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
} as unknown as FastifyBaseLogger;

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('job lanes', () => {
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

  const statusOf = async (name: string) =>
    (await db.query<{ status: string }>(`select status from jobs where payload->>'name' = $1`, [name]))[0]
      ?.status;

  /** Media jobs that each wait for their release; `started` lists them in the order they were claimed. */
  function heldMedia() {
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const run: JobHandler = (job) => {
      const { name } = job.payload as { name: string };
      started.push(name);
      return new Promise<void>((resolve) => releases.set(name, resolve));
    };
    return { started, release: (name: string) => releases.get(name)?.(), run };
  }

  const transcode = (name: string, accountId: string) => enqueueJob(db, 'transcode', { name }, { accountId });

  it("runs a payment while the media lane is full, and another account's media before the busy account's next", async () => {
    const media = heldMedia();
    const kinds: Record<string, JobKind> = {
      transcode: { lane: 'media', run: media.run },
      payment: { lane: 'payments', run: async () => undefined },
    };
    // Account A queues three transcodes before B's one, and a payment comes last.
    await transcode('A1', A);
    await transcode('A2', A);
    await transcode('A3', A);
    await transcode('B1', B);
    await enqueueJob(db, 'payment', { name: 'P' });
    const runner = createJobRunner({
      db,
      log: silentLog,
      kinds,
      pollIntervalMs: 5,
      lanes: {
        payments: { concurrency: 1 },
        email: { concurrency: 1 },
        short: { concurrency: 1 },
        media: { concurrency: 2, perAccount: 1 },
      },
    });
    runner.start();
    try {
      await expect.poll(() => media.started).toEqual(['A1', 'B1']);
      await expect.poll(() => statusOf('P')).toBe('succeeded');
      // A is at its limit: its older jobs wait although the lane's second slot is B's.
      expect(await statusOf('A2')).toBe('queued');

      media.release('B1');
      await expect.poll(() => statusOf('B1')).toBe('succeeded');
      // A slot is free, but A still runs its one: A2 waits for A1. A second payment marks a poll
      // that has passed (its lanes are claimed in one tick, the media lane's claim in the same).
      await enqueueJob(db, 'payment', { name: 'P2' });
      await expect.poll(() => statusOf('P2')).toBe('succeeded');
      expect(await statusOf('A2')).toBe('queued');
      media.release('A1');
      await expect.poll(() => media.started).toEqual(['A1', 'B1', 'A2']);
      media.release('A2');
      await expect.poll(() => media.started).toEqual(['A1', 'B1', 'A2', 'A3']);
      media.release('A3');
    } finally {
      await runner.stop({ graceMs: 1000 });
    }
  });

  it('claims for the account with the fewest running media jobs first, then the oldest', async () => {
    const media = heldMedia();
    const runner = createJobRunner({
      db,
      log: silentLog,
      kinds: { transcode: { lane: 'media', run: media.run } },
      lanes: {
        payments: { concurrency: 1 },
        email: { concurrency: 1 },
        short: { concurrency: 1 },
        media: { concurrency: 4, perAccount: 2 },
      },
    });
    await transcode('A1', A);
    await transcode('A2', A);
    await transcode('A3', A);
    await transcode('B1', B);
    // One claim at a time, so the order started is the order claimed (on PostgreSQL concurrent
    // claims may start their handlers in any order).
    const runs: Promise<boolean>[] = [];
    for (let i = 1; i <= 3; i += 1) {
      runs.push(runner.runOnce('media'));
      await expect.poll(() => media.started.length).toBe(i);
    }
    expect(media.started).toEqual(['A1', 'B1', 'A2']);
    // A holds two, its limit: A3 is left for later, whatever the free slots.
    expect(await runner.runOnce('media')).toBe(false);
    for (const name of ['A1', 'B1', 'A2']) media.release(name);
    await Promise.all(runs);
  });
});
