// The listener's endpoints under load on PostgreSQL with dataset S: next track, like and
// secure-track-access (issue 5 item 10), the chart and an artist page (issue 6 item 7), each as a
// ratio to a hello-world route in the same server, with p99 latency. The server runs pinned to
// core 0, autocannon here; run this under `taskset -c 1`:
//   taskset -c 1 npx tsx bench/listener-endpoints.ts   (writes bench/results/listener-endpoints.json)
import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { DATASET_S, generateDataset } from './lib/dataset';
import { playerEndpoints, catalogueEndpoints, entryUrl, type NextTrackQuery } from '@klang/domain';
import {
  benchCluster,
  median,
  pick,
  runLoad,
  startBenchServer,
  statementStats,
  type LoadResult,
} from './lib/load';

const PORT = 3288;
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = 20;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SESSIONS = 2000;
const WARM_UP = 3;

/** What DJs dig by: a tempo window (with half and double time), a Camelot key, an energy band. */
const DIG_FILTERS: NextTrackQuery[] = [
  { bpmMin: 122, bpmMax: 128, halfDouble: true },
  { bpmMin: 172, bpmMax: 176 },
  { key: '8A' },
  { key: '4B', energy: 'high' },
  { genre: 'Techno', bpmMin: 128, bpmMax: 134 },
];

const run = (requests: autocannon.Request[], duration = DURATION) =>
  runLoad(PORT, requests, { duration, connections: CONNECTIONS });

const cluster = await benchCluster();
try {
  const db = await openDatabase({ kind: 'postgres', url: cluster.url });
  await migrate(db);
  await statementStats.start(db);
  await generateDataset(db, DATASET_S);
  // Signed-in listeners: sessions made directly, the cookie is the token whose hash is stored.
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
  const artists = (await db.query<{ id: string }>(`select id from artist_profiles`)).map((r) => r.id);
  const featured = (
    await db.query<{ id: string }>(`select id from tracks where featured_in_player and not is_deleted`)
  ).map((r) => r.id);
  // Likes need a dealt, served track (decision 0130): deal each user 20 featured tracks, under
  // aliases of their own, grant them and mark their audio sent a minute ago, so each like earns
  // its points and credits its deal's listening (decisions 0244 to 0246), as a heard like does. The pairs run user after user (round k likes every
  // user's k-th track), as listeners like one track at a time; 20 concurrent likes by one user
  // would only measure the queue on that user's points row.
  const likePairs: { cookie: string; userId: string; trackId: string; alias: string }[] = [];
  for (let k = 0; k < 20; k++) {
    users.forEach((userId, i) =>
      likePairs.push({ cookie: cookies[i] ?? '', userId, trackId: pick(featured), alias: randomUUID() }),
    );
  }
  await db.query(
    `insert into deals (id, user_id, track_id, first_served_at)
     select a, u, t, now() - interval '1 minute' from unnest($1::uuid[], $2::uuid[], $3::uuid[]) as x(a, u, t)`,
    [likePairs.map((p) => p.alias), likePairs.map((p) => p.userId), likePairs.map((p) => p.trackId)],
  );
  await db.query(
    `insert into playback_grants (user_id, track_id, expires_at)
     select u, t, now() + interval '1 day' from unnest($1::uuid[], $2::uuid[]) as x(u, t) on conflict do nothing`,
    [likePairs.map((p) => p.userId), likePairs.map((p) => p.trackId)],
  );
  await db.close();

  // The server on core 0, this process (and autocannon) on core 1.
  const server = await startBenchServer(cluster.url, PORT);
  try {
    let nextLike = 0;
    const scenarios: Record<string, autocannon.Request[]> = {
      hello: [{ method: 'GET', path: '/bench/hello' }],
      next: [
        {
          setupRequest: (req) => ({
            ...req,
            method: playerEndpoints.nextTrack.method,
            path: entryUrl(playerEndpoints.nextTrack),
            headers: { cookie: pick(cookies) },
          }),
        },
      ],
      // A digging listener (issue 28): the same deal under one of a DJ's filters, each a narrow
      // slice of dataset S's plausible measured sound.
      nextFiltered: [
        {
          setupRequest: (req) => ({
            ...req,
            method: playerEndpoints.nextTrack.method,
            path: entryUrl(playerEndpoints.nextTrack, { query: pick(DIG_FILTERS) }),
            headers: { cookie: pick(cookies) },
          }),
        },
      ],
      like: [
        {
          setupRequest: (req) => {
            const pair = likePairs[nextLike++ % likePairs.length] ?? likePairs[0];
            return {
              ...req,
              method: playerEndpoints.likeTrack.method,
              path: entryUrl(playerEndpoints.likeTrack, { params: { trackId: pair?.alias ?? '' } }),
              headers: { cookie: pair?.cookie ?? '', 'content-type': 'application/json' },
              body: '{"addToLibrary":false}',
            };
          },
        },
      ],
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
      artistPage: [
        {
          setupRequest: (req) => ({
            ...req,
            method: catalogueEndpoints.artistPage.method,
            path: entryUrl(catalogueEndpoints.artistPage, { params: { artistId: pick(artists) } }),
            headers: { cookie: pick(cookies) },
          }),
        },
      ],
      secureUrl: [
        {
          // A grant by one of the listener's own aliases: the deal lookup is on the measured path.
          setupRequest: (req) => {
            const pair = pick(likePairs);
            return {
              ...req,
              method: playerEndpoints.secureTrackAccess.method,
              path: entryUrl(playerEndpoints.secureTrackAccess),
              headers: { cookie: pair.cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ trackId: pair.alias, purpose: 'preload' }),
            };
          },
        },
      ],
    };
    // ONLY=like,hello runs a subset while tuning; a recorded run measures everything.
    const only = process.env.ONLY?.split(',');
    // Warm-up: every route once under load, so each pooled connection has prepared its
    // statements and the JIT has compiled the hot paths before anything is measured.
    for (const [name, requests] of Object.entries(scenarios)) {
      if (!only || only.includes(name)) await run(requests, WARM_UP);
    }
    await statementStats.reset(cluster.url);
    const rounds: Record<string, LoadResult[]> = Object.fromEntries(
      Object.keys(scenarios).map((k) => [k, []]),
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, requests] of Object.entries(scenarios)) {
        if (only && !only.includes(name)) continue;
        const result = await run(requests);
        rounds[name]?.push(result);
        console.log(
          `round ${round + 1} ${name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`,
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
    const hello = summary.hello?.rps ?? 1;
    const ratio = (name: string) => Number(((summary[name]?.rps ?? 0) / hello).toFixed(3));
    const checks = {
      nextRatioAtLeast0_08: ratio('next') >= 0.08,
      nextP99AtMost25ms: (summary.next?.p99 ?? Infinity) <= 25,
      nextFilteredRatioAtLeast0_10: ratio('nextFiltered') >= 0.1,
      likeP99AtMost30ms: (summary.like?.p99 ?? Infinity) <= 30,
      secureUrlP99AtMost20ms: (summary.secureUrl?.p99 ?? Infinity) <= 20,
      chartRatioAtLeast0_10: ratio('chart') >= 0.1,
      chartP99AtMost20ms: (summary.chart?.p99 ?? Infinity) <= 20,
      noErrors: ['next', 'nextFiltered', 'like', 'secureUrl', 'chart', 'artistPage'].every(
        (n) => summary[n]?.non2xx === 0,
      ),
    };
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
      method: `autocannon c${CONNECTIONS}, ${WARM_UP} s warm-up per route, then ${DURATION} s per run, ${ROUNDS} interleaved rounds, medians; server pinned to core 0`,
      summary,
      ratios: {
        next: ratio('next'),
        nextFiltered: ratio('nextFiltered'),
        like: ratio('like'),
        secureUrl: ratio('secureUrl'),
        chart: ratio('chart'),
        artistPage: ratio('artistPage'),
      },
      checks,
      pass: Object.values(checks).every(Boolean),
    };
    if (!only)
      writeFileSync(
        path.join(import.meta.dirname, 'results', 'listener-endpoints.json'),
        `${JSON.stringify(report, null, 2)}\n`,
      );
    console.log(JSON.stringify(report.ratios), JSON.stringify(checks), report.pass ? 'PASS' : 'FAIL');
    await statementStats.write(cluster.url);
  } finally {
    server.kill();
  }
} finally {
  cluster.stop();
}
