import { afterAll, beforeAll, expect, it } from 'vitest';
import { healthResponseSchema } from '@klang/domain';
import { createTestApp, type TestApp } from '../../test/app';
import { runJobNow } from '../../test/run-jobs';
import { PREPARE_DEAL_MONTHS_JOB } from './player.jobs';

// `deals` is partitioned by month (decision 0312); the player's daily job makes the partitions of
// this month and the next two before the deck deals in them.
let t: TestApp;
let at = new Date('2032-11-15T09:00:00Z');
beforeAll(async () => {
  t = await createTestApp({}, { listeningClock: () => at });
});
afterAll(async () => {
  await t.close();
});

const months = async () =>
  (
    await t.db.query<{ part: string }>(
      `select c.relname as part from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'deals'::regclass and c.relname like 'deals_y203%' order by 1`,
    )
  ).map((r) => r.part);

const runJob = () => runJobNow(t, PREPARE_DEAL_MONTHS_JOB);

it("makes this month's partition of deals and the next two, once, and a month later the one after", async () => {
  expect(await months()).toEqual([]);
  await runJob();
  expect(await months()).toEqual(['deals_y2032m11', 'deals_y2032m12', 'deals_y2033m01']);
  await runJob();
  expect(await months()).toEqual(['deals_y2032m11', 'deals_y2032m12', 'deals_y2033m01']);
  at = new Date('2032-12-31T23:59:00Z');
  await runJob();
  expect(await months()).toEqual(['deals_y2032m11', 'deals_y2032m12', 'deals_y2033m01', 'deals_y2033m02']);
});

it('is asked for once a day, whichever instance asks', async () => {
  const request = t.app.periodicJobs['deal months'];
  if (!request) throw new Error('the periodic request is registered');
  await request(t.db, new Date('2032-12-01T10:00:00Z'));
  await request(t.db, new Date('2032-12-01T10:10:00Z'));
  await request(t.db, new Date('2032-12-02T00:00:00Z'));
  const rows = await t.db.query<{ dedupe_key: string }>(
    `select dedupe_key from jobs where kind = $1 order by dedupe_key`,
    [PREPARE_DEAL_MONTHS_JOB],
  );
  expect(rows.map((r) => r.dedupe_key)).toEqual([
    `${PREPARE_DEAL_MONTHS_JOB}:2032-12-01`,
    `${PREPARE_DEAL_MONTHS_JOB}:2032-12-02`,
  ]);
});

it("leaves /api/health degraded while next month's partition is missing, and ok once the job has made it", async () => {
  const health = async () =>
    healthResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/health' })).json());
  at = new Date();
  await runJob();
  expect(await health()).toMatchObject({ status: 'ok', databaseReachable: true, dealMonthsReady: true });
  // A job that has not run for a month: next month would deal into the default partition.
  const [next] = await t.db.query<{ part: string }>(
    `select 'deals_' || to_char(date_trunc('month', now() at time zone 'UTC') + interval '1 month', '"y"YYYY"m"MM') as part`,
  );
  if (!next) throw new Error('a month');
  await t.db.exec(`alter table deals detach partition ${next.part}; drop table ${next.part}`);
  expect(await health()).toMatchObject({
    status: 'degraded',
    databaseReachable: true,
    dealMonthsReady: false,
  });
  await runJob();
  expect(await health()).toMatchObject({ status: 'ok', dealMonthsReady: true });
});
