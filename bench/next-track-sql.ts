// The Discover pick at SQL level on PostgreSQL (issue 5, performance-and-security A5/P2): the random-key
// query Klang runs against the ORDER BY random() it replaces, on dataset S, for ordinary
// users and for a user who has liked three quarters of the featured tracks.
//   npx tsx bench/next-track-sql.ts        (writes bench/results/next-track-sql.json)
import { writeFileSync } from 'node:fs';
import { DEAL_RULES, RADAR_RULES, TASTE_LAYOUT } from '@klang/domain';
import { cpus } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import {
  createPlayerRepository,
  dealStatement,
  NO_FILTER,
  radarCandidatesStatement,
  type DealFilter,
  type DealRequest,
} from '../server/src/modules/player/player.repository';
import { createFollowDeliveriesRepository } from '../server/src/modules/player/follow-deliveries.repository';
import { chooseCandidate } from '../server/src/modules/player/radar';
import { DATASET_S, generateDataset } from './lib/dataset';
import { benchCluster } from './lib/load';

const SAMPLES = Number(process.env.SAMPLES ?? 300);

const NAIVE = `
  select t.id from tracks t
  where t.featured_in_player and not t.is_deleted and t.status = 'ready' and t.id is distinct from $2::uuid
    and not exists (select 1 from track_interactions i where i.user_id = $1 and i.track_id = t.id and i.interaction_type = 'like')
  order by random() limit 1`;

function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(3));
  return {
    n: samples.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    mean: Number((samples.reduce((a, b) => a + b, 0) / samples.length).toFixed(3)),
  };
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const cluster = await benchCluster();
try {
  const db = await openDatabase({ kind: 'postgres', url: cluster.url });
  await migrate(db);
  const generation = performance.now();
  const { heavyUserId } = await generateDataset(db, DATASET_S);
  const generatedInSeconds = Math.round((performance.now() - generation) / 1000);
  const counts = (
    await db.query<{ tracks: number; candidates: number; interactions: number }>(`
    select (select count(*) from tracks) as tracks,
           (select count(*) from tracks where featured_in_player and not is_deleted) as candidates,
           (select count(*) from track_interactions) as interactions`)
  )[0];
  console.log(`dataset: ${JSON.stringify(counts)} in ${generatedInSeconds} s`);
  // A DJ's dig: 120..130 BPM (half and double time too), compatible with 8A.
  const dig: DealFilter = {
    ...NO_FILTER,
    keys: ['8A', '7A', '9A', '8B'],
    tempo: { min: 120, max: 130, halfDouble: true },
  };

  const repo = createPlayerRepository(db);
  const request = (userId: string, filter: DealFilter = NO_FILTER, r = Math.random()): DealRequest => ({
    userId,
    currentAlias: null,
    r,
    dealtAt: new Date(),
    firstListens: DEAL_RULES.firstListensDefault,
    filter,
  });
  const users = (
    await db.query<{ id: string }>(
      `select id from profiles where role = 'listener' order by random() limit ${SAMPLES}`,
    )
  ).map((r) => r.id);
  // Warm up both plans and the caches.
  for (const user of users.slice(0, 20)) {
    await repo.dealCandidate(request(user));
    await db.query(NAIVE, [user, null]);
  }
  const randomKey: number[] = [];
  const naive: number[] = [];
  const heavyRandomKey: number[] = [];
  const heavyNaive: number[] = [];
  const filtered: number[] = [];
  const withRadar: number[] = [];
  const heavyWithRadar: number[] = [];
  // The follow delivery's probe (decision 0306), which runs before every unfiltered deal: for
  // nearly every listener nothing waits, and it must cost a primary-key probe and no more.
  const deliveries = createFollowDeliveriesRepository(db);
  const followProbe: number[] = [];
  // Blind Radar's deal (decision 0287): its candidates read, scored by a drawn taste, the best
  // dealt; the taste keeper's reads of the listener's verdicts are not in it.
  const band = DEAL_RULES.firstListensDefault / 2;
  const scores = Array.from({ length: TASTE_LAYOUT.size }, () => Math.random() - 0.5);
  const radarDeal = async (user: string) => {
    const asked = request(user);
    const candidates = await repo.radarCandidates(asked, RADAR_RULES.candidates, band);
    const { index, choice } = chooseCandidate(candidates, {
      scores,
      explore: RADAR_RULES.exploreDefault,
      exploreDraw: null,
    });
    const picked = candidates[index];
    if (picked) await repo.dealChosen(user, picked.track_id, asked.dealtAt, choice);
  };
  for (const user of users) {
    filtered.push(await time(() => repo.dealCandidate(request(user, dig))));
    randomKey.push(await time(() => repo.dealCandidate(request(user))));
    withRadar.push(await time(() => radarDeal(user)));
    naive.push(await time(() => db.query(NAIVE, [user, null])));
    followProbe.push(await time(() => deliveries.dealDelivery(user, new Date())));
  }
  const followProbePlan = (
    await db.query<{ 'QUERY PLAN': string }>(
      `explain select fd.track_id from follow_deliveries fd where fd.user_id = $1 order by fd.released_at limit 1`,
      [users[0] ?? heavyUserId],
    )
  ).map((r) => r['QUERY PLAN']);
  for (let i = 0; i < Math.min(100, SAMPLES); i++) {
    heavyRandomKey.push(await time(() => repo.dealCandidate(request(heavyUserId))));
    heavyWithRadar.push(await time(() => radarDeal(heavyUserId)));
    heavyNaive.push(await time(() => db.query(NAIVE, [heavyUserId, null])));
  }
  // The same two queries timed inside the server (EXECUTE plans each call afresh, as the app's
  // unnamed statements do), without the client round trip that dominates a sub-millisecond query.
  await db.exec(`
    create or replace function pg_temp.bench_pick(users uuid[], query text) returns double precision as $$
    declare started timestamptz := clock_timestamp(); u uuid;
    begin
      foreach u in array users loop execute query using u, random(), now(), ${DEAL_RULES.firstListensDefault}; end loop;
      return extract(epoch from clock_timestamp() - started) * 1000 / array_length(users, 1);
    end $$ language plpgsql`);
  const keyQuery = `select x.track_id from deck_exposure x where x.in_deck and x.rnd >= $2
    and not exists (select 1 from track_interactions i where i.user_id = $1 and i.track_id = x.track_id and i.interaction_type = 'like')
    order by x.rnd limit 1`;
  const naiveQuery = NAIVE.replace('t.id is distinct from $2::uuid', '$2 is not null');
  const inServer = async (userIds: string[], query: string) =>
    Number(
      (
        (
          await db.query<{ ms: number }>('select pg_temp.bench_pick($1::uuid[], $2) as ms', [userIds, query])
        )[0]?.ms ?? 0
      ).toFixed(3),
    );
  // The whole deal statement (pick, deal row, count), with the draw as $3 and no current deal.
  // The fair deck's own statement (no filter, no radar), with the draw as $3 and no current deal.
  const dealQuery = dealStatement(request(heavyUserId, NO_FILTER, 0.5))
    .text.replaceAll('$2::uuid', 'null::uuid')
    .replaceAll('$3', '$2')
    .replaceAll('$5', '$3');
  const serverSide = {
    dealStatementMeanMs: await inServer(users, dealQuery),
    randomKeyMeanMs: await inServer(users, keyQuery),
    orderByRandomMeanMs: await inServer(users, naiveQuery),
    heavyRandomKeyMeanMs: await inServer(
      Array.from({ length: 100 }, () => heavyUserId),
      keyQuery,
    ),
    heavyOrderByRandomMeanMs: await inServer(
      Array.from({ length: 100 }, () => heavyUserId),
      naiveQuery,
    ),
  };
  const plan = (
    await db.query<{ 'QUERY PLAN': string }>(
      `explain select x.track_id from deck_exposure x where x.in_deck and x.rnd >= 0.5
       and not exists (select 1 from track_interactions i where i.user_id = $1 and i.track_id = x.track_id and i.interaction_type = 'like')
     order by x.rnd limit 1`,
      [heavyUserId],
    )
  ).map((r) => r['QUERY PLAN']);
  // The statement the deck runs (decision 0191): the fair pick and its deal, planned as the app
  // plans it, for an ordinary listener and for the heavy liker.
  const dealPlan = async (userId: string, filter: DealFilter = NO_FILTER, radar = false) => {
    const asked = request(userId, filter, 0.5);
    const { text, values } = radar
      ? radarCandidatesStatement(asked, RADAR_RULES.candidates, band)
      : dealStatement(asked);
    return (await db.query<{ 'QUERY PLAN': string }>(`explain ${text}`, values)).map((r) => r['QUERY PLAN']);
  };
  const dealPlans = {
    listener: await dealPlan(users[0] ?? heavyUserId),
    listenerRadarCandidates: await dealPlan(users[0] ?? heavyUserId, NO_FILTER, true),
    heavyUser: await dealPlan(heavyUserId),
    listenerDigging: await dealPlan(users[0] ?? heavyUserId, dig),
  };
  await db.close();

  const report = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    database: 'PostgreSQL (Debian), throwaway cluster, shared_buffers=256MB',
    dataset: { ...counts, generatedInSeconds },
    milliseconds: {
      randomKey: summarise(randomKey),
      orderByRandom: summarise(naive),
      heavyUserRandomKey: summarise(heavyRandomKey),
      heavyUserOrderByRandom: summarise(heavyNaive),
      dealFilteredByTempoAndKey: summarise(filtered),
      dealWithRadar: summarise(withRadar),
      heavyUserDealWithRadar: summarise(heavyWithRadar),
      followDeliveryProbeNothingWaiting: summarise(followProbe),
    },
    followProbePlan,
    inServer: serverSide,
    inServerSpeedup: Number((serverSide.orderByRandomMeanMs / serverSide.randomKeyMeanMs).toFixed(1)),
    inServerDealStatementSpeedup: Number(
      (serverSide.orderByRandomMeanMs / serverSide.dealStatementMeanMs).toFixed(1),
    ),
    speedupP50: Number((summarise(naive).p50 / summarise(randomKey).p50).toFixed(1)),
    heavyUserSpeedupP50: Number((summarise(heavyNaive).p50 / summarise(heavyRandomKey).p50).toFixed(1)),
    goal: 'P2: the random-key pick at least 20x faster than ORDER BY random() in the server, an index scan on deck_exposure_shuffle_idx; the deal statement (decision 0191) on deck_exposure_fair_idx and deck_exposure_shuffle_idx, no scan of deck_exposure or tracks',
    plan,
    dealPlans,
  };
  const usesIndex = plan.some((line) => line.includes('deck_exposure_shuffle_idx'));
  // The deal statement reads both partial indexes and never scans the table.
  const dealIndexDriven = Object.values(dealPlans).every(
    (lines) =>
      lines.some((line) => line.includes('deck_exposure_fair_idx')) &&
      lines.some((line) => line.includes('deck_exposure_shuffle_idx')) &&
      !lines.some((line) => /Seq Scan on (tracks|deck_exposure) /.test(line)),
  );
  const pass = report.inServerSpeedup >= 20 && usesIndex && dealIndexDriven;
  writeFileSync(
    path.join(import.meta.dirname, 'results', 'next-track-sql.json'),
    `${JSON.stringify({ ...report, pass }, null, 2)}\n`,
  );
  console.log(JSON.stringify(report.milliseconds, null, 2));
  console.log(JSON.stringify(serverSide));
  console.log(
    `in-server speed-up ${report.inServerSpeedup}x; client-side speed-up p50 ${report.speedupP50}x (heavy user ${report.heavyUserSpeedupP50}x), index scan: ${usesIndex}, deal statement index-driven: ${dealIndexDriven}: ${pass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  cluster.stop();
}
