// The blind-verdict charts on PostgreSQL with dataset S (issue 19 item 3, decision 0195): how long
// the chart-verdict job takes over a month of rated deals, the plan and time of the chart's
// ranking query (EXPLAIN ANALYZE of the statement the repository really sends, then 1,000 reads
// of it in a row), and the chart endpoint under load as the listener-endpoints benchmark runs it
// (default CHART_CACHE_MS). The server runs pinned to core 0, autocannon here; run this under
// `taskset -c 1`:
//   taskset -c 1 npx tsx bench/chart-verdict.ts   (writes bench/results/chart-verdict.json)
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { openDatabase, type Queryable } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { createCatalogueRepository } from '../server/src/modules/catalogue/catalogue.repository';
import { refreshVerdicts } from '../server/src/modules/catalogue/catalogue.repository';
import { DATASET_S, generateDataset } from './lib/dataset';
import { catalogueEndpoints, entryUrl } from '@klang/domain';
import { benchCluster, median, pick, runLoad, startBenchServer, type LoadResult } from './lib/load';

const PORT = 3289;
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = 20;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SESSIONS = 2000;
/** A month of Discover: every listener of dataset S rates this many deals in the window. */
const RATED_PER_USER = 25;

const run = (requests: autocannon.Request[], duration = DURATION) =>
  runLoad(PORT, requests, { duration, connections: CONNECTIONS });

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - started), value };
}

const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
const cluster = await benchCluster();
try {
  const db = await openDatabase({ kind: 'postgres', url: cluster.url });
  await migrate(db);
  await generateDataset(db, DATASET_S);
  // A month of verdicts: each listener rates RATED_PER_USER featured tracks, a third liked after
  // 2 to 60 s of listening (some under 10 s), the rest skipped; each track has its own appeal.
  await db.exec(`
    select setseed(0.19);
    update accounts set created_at = now() - interval '90 days';
    create temporary table appeal as
      select (row_number() over ())::int as n, id, 0.1 + random() * 0.6 as p
      from tracks where featured_in_player and not is_deleted and status = 'ready';
    insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms, listened_before_like_ms)
      select s.user_id, a.id, s.at - interval '1 minute', s.at - interval '1 minute',
             case when s.roll < a.p then 'like' else 'skip' end, s.at, s.heard,
             case when s.roll < a.p then s.heard end
      from (
        -- A subquery with volatile columns is not flattened: each row draws its own track once.
        select u.id as user_id, 1 + floor(random() * (select count(*) from appeal))::int as pick, random() as roll,
               now() - random() * interval '30 days' as at, (2000 + random() * 58000)::int as heard
        from profiles u cross join generate_series(1, ${RATED_PER_USER}) k
        where u.role = 'listener'
      ) s
      join appeal a on a.n = s.pick;
    drop table appeal;
    analyze;
  `);
  const [counts] = await db.query<{ rated: number; tracks: number }>(
    `select count(*)::int as rated, count(distinct track_id)::int as tracks from deals where ended_as in ('like', 'skip')`,
  );
  const first = await timed(() => refreshVerdicts(db, new Date(), 30));
  const unchanged = await timed(() => refreshVerdicts(db, new Date(), 30));
  console.log(`verdict job: first ${first.ms} ms (${first.value.changed} tracks), again ${unchanged.ms} ms`);

  // The chart's ranking query exactly as the repository sends it, explained with its parameters.
  let sent: { sql: string; params: unknown[] } | undefined;
  const capture: Queryable = {
    query: (sql: string, params?: unknown[], options?: { prepare?: boolean }) => {
      sent = { sql, params: params ?? [] };
      return db.query(sql, params, options);
    },
  };
  const genre = 'Minimal / Deep Tech';
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const ranked = await createCatalogueRepository(capture).ranking(genre, yesterday, 50);
  if (!sent) throw new Error('the ranking sent no query');
  const explained = await db.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers, costs off) ${sent.sql}`,
    sent.params,
  );
  const plan = explained.map((row) => row['QUERY PLAN']);
  const usesIndex = plan.some((line) => line.includes('tracks_chart_idx'));
  const planMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan.join('\n'))?.[1] ?? Number.NaN);
  const [listed] = await db.query<{ n: number }>(
    `select count(*)::int as n from tracks where genre = $1 and not is_deleted and status = 'ready'`,
    [genre],
  );
  console.log(plan.join('\n'));
  // The ranking read alone, uncached, one after another: what a chart read costs the database.
  const repo = createCatalogueRepository(db);
  const readMs: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const started = performance.now();
    await repo.ranking(i % 2 ? genre : 'House / Tech House', yesterday, 50);
    readMs.push(performance.now() - started);
  }
  readMs.sort((a, b) => a - b);
  const at = (q: number) => Number((readMs[Math.floor(q * (readMs.length - 1))] ?? 0).toFixed(2));
  const reads = { p50Ms: at(0.5), p99Ms: at(0.99) };
  console.log(`ranking read: p50 ${reads.p50Ms} ms, p99 ${reads.p99Ms} ms`);

  const users = (
    await db.query<{ id: string }>(
      `select id from profiles where role = 'listener' order by random() limit ${SESSIONS}`,
    )
  ).map((r) => r.id);
  const cookies = users.map((_, i) => `klang_session=bench-token-${i}`);
  await db.query(
    `insert into sessions (token_hash, account_id, expires_at)
     select h, u, now() + interval '1 day' from unnest($1::text[], $2::uuid[]) as x(h, u)`,
    [users.map((_, i) => createHash('sha256').update(`bench-token-${i}`).digest('hex')), users],
  );
  await db.close();

  // The server on core 0, this process (and autocannon) on core 1.
  const server = await startBenchServer(cluster.url, PORT);
  try {
    const scenarios: Record<string, autocannon.Request[]> = {
      hello: [{ method: 'GET', path: '/bench/hello' }],
      chart: [
        {
          setupRequest: (req) => ({
            ...req,
            method: catalogueEndpoints.chart.method,
            path: entryUrl(catalogueEndpoints.chart, {
              query: { genre: pick(['Minimal / Deep Tech', 'House / Tech House']) },
            }),
            headers: { cookie: pick(cookies) },
          }),
        },
      ],
      method: [
        { method: catalogueEndpoints.chartMethod.method, path: entryUrl(catalogueEndpoints.chartMethod) },
      ],
    };
    for (const requests of Object.values(scenarios)) await run(requests, 3);
    const rounds: Record<string, LoadResult[]> = Object.fromEntries(
      Object.keys(scenarios).map((k) => [k, []]),
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, requests] of Object.entries(scenarios)) {
        const result = await run(requests);
        rounds[name]?.push(result);
        console.log(
          `round ${round + 1} ${name}: ${result.rps} req/s, p99 ${result.p99} ms, non-2xx ${result.non2xx}`,
        );
      }
    }
    const summary = Object.fromEntries(
      Object.entries(rounds).map(([name, results]) => [
        name,
        {
          rps: median(results.map((r) => r.rps)),
          p99: median(results.map((r) => r.p99)),
          non2xx: results.reduce((a, r) => a + r.non2xx, 0),
        },
      ]),
    ) as Record<string, { rps: number; p99: number; non2xx: number }>;
    const checks = {
      chartRatioAtLeast0_10: (summary.chart?.rps ?? 0) / (summary.hello?.rps ?? 1) >= 0.1,
      chartP99AtMost20ms: (summary.chart?.p99 ?? Infinity) <= 20,
      rankingWalksTracksChartIdx: usesIndex,
      rankingReturnsFifty: ranked.length === 50,
      noErrors: ['chart', 'method'].every((n) => summary[n]?.non2xx === 0),
    };
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
      dataset: {
        name: 'S',
        ratedDealsInWindow: counts?.rated,
        tracksWithVerdicts: counts?.tracks,
        listedInGenre: listed?.n,
      },
      verdictJob: { firstRunMs: first.ms, tracksChanged: first.value.changed, unchangedRunMs: unchanged.ms },
      rankingQuery: { executionMs: planMs, sequentialReads: reads, plan },
      load: { averageBefore: loadBefore, averageAfter: loadavg().map((n) => Number(n.toFixed(2))) },
      method: `default chart cache; autocannon c${CONNECTIONS}, 3 s warm-up per route, ${DURATION} s per run, ${ROUNDS} interleaved rounds, medians; server pinned to core 0`,
      summary,
      checks,
      pass: Object.values(checks).every(Boolean),
    };
    writeFileSync(
      path.join(import.meta.dirname, 'results', 'chart-verdict.json'),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    console.log(JSON.stringify(checks), report.pass ? 'PASS' : 'FAIL');
  } finally {
    server.kill();
  }
} finally {
  cluster.stop();
}
