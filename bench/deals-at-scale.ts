// Deals at scale (issue 33 item 7, decisions 0312, 0317): the deal (next), the like, the chart and
// hook analytics on dataset S, and on dataset S grown twentyfold, to 20 million deals in monthly
// partitions. Two clusters, each loaded with dataset S (its ratings as a million deals of the last
// 60 days); the second then grows by 190,000 more listeners' 100 deals each over the twelve months
// before, so the measured listeners, tracks and window are alike and only the table's size
// differs. The growth deals every featured track but the one whose hook analytics are measured,
// a track uploaded two months ago, so that read, too, meets its track in a larger table; a track
// with a year of deals of its own is measured beside it (`busyTrack`). The two clusters are measured in turn, in rounds, so that
// what the shared machine does beside the bench falls on both alike. Then the grown cluster's
// twelve old months are rolled up (a retention of four months) and both are measured again.
// Goal: each operation's p50 and p95 within 20 % of dataset S's.
//   npx tsx bench/deals-at-scale.ts        (writes bench/results/deals-at-scale.json)
//   GROWTH=0.1 for a tenth of the growth (a quick look; the record needs the default of 1);
//   KEEP=1 to keep both clusters up afterwards
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { DEAL_RULES, DEMO_ACCOUNT, HOOKS, VERDICT } from '@klang/domain';
import { openDatabase, type Db } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { createHooksRepository } from '../server/src/modules/analytics/hooks.repository';
import { createHooksService } from '../server/src/modules/analytics/hooks.service';
import {
  createCatalogueRepository,
  refreshVerdicts,
} from '../server/src/modules/catalogue/catalogue.repository';
import { createLoyaltyService } from '../server/src/modules/loyalty/loyalty.service';
import { createDealRollUpRepository } from '../server/src/modules/player/deal-roll-up.repository';
import { createPlayerRepository, NO_FILTER } from '../server/src/modules/player/player.repository';
import { DATASET_S, generateDataset } from './lib/dataset';
import { benchCluster } from './lib/load';

const CYCLES = Number(process.env.CYCLES ?? 1_500);
/** The measurements are taken in this many rounds, the two clusters in turn. */
const ROUNDS = 3;
const GROWTH = Number(process.env.GROWTH ?? 1);
/** Listeners added for the growth, each with this many deals over the twelve months before. */
const NEW_LISTENERS = Math.round(190_000 * GROWTH);
const DEALS_PER_NEW_LISTENER = 100;
/** Deck cycles of the growth's listeners, before the roll-up and after. */
const HISTORY_CYCLES = 300;
const GOAL_RATIO = 1.2;
/** KEEP=1 keeps the grown cluster up (and writes no record) for EXPLAIN by hand. */
const KEEP = process.env.KEEP === '1';

function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(3));
  return { n: samples.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function timed<T>(into: number[], run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  into.push(performance.now() - started);
  return result;
}

type Samples = Record<'next' | 'like' | 'skip' | 'chart' | 'hookAnalytics' | 'verdictJob', number[]>;

const emptySamples = (): Samples => ({
  next: [],
  like: [],
  skip: [],
  chart: [],
  hookAnalytics: [],
  verdictJob: [],
});

/**
 * One round of measurements, added to `into`: `cycles` deck cycles by dataset S's listeners (a
 * deal, its grant and first serve, then a like or a skip, as Discover does), a hundred chart reads
 * with a listener's masking, a hundred reads of one track's hook analytics, and the verdict job
 * once.
 */
async function measure(
  into: Samples,
  cycles: number,
  db: Db,
  listeners: string[],
  track: { id: string; artist_id: string; genre: string },
) {
  const repo = createPlayerRepository(db);
  const award = createLoyaltyService().trackAwardStatementPart(['swipe', 'like'], {
    user: '$1',
    track: '(select track_id from liked)',
    when: 'exists (select 1 from liked) and (select heard from deal)',
    firstParam: 6,
  });
  const catalogue = createCatalogueRepository(db);
  const hooks = createHooksService({ repository: createHooksRepository(db) });
  const samples = into;
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < cycles; i++) {
    const userId = listeners[i % listeners.length] ?? '';
    const at = new Date();
    const dealt = await timed(samples.next, () =>
      repo.dealCandidate({
        userId,
        currentAlias: null,
        r: Math.random(),
        dealtAt: at,
        firstListens: DEAL_RULES.firstListensDefault,
        filter: NO_FILTER,
      }),
    );
    if (!dealt) throw new Error('the deck dealt nothing');
    const grantId = randomUUID();
    const [deal] = await db.query<{ track_id: string }>(
      'select track_id from deals where id = $1 and user_id = $2',
      [dealt.alias, userId],
    );
    await repo.recordGrant(
      userId,
      grantId,
      { id: deal?.track_id ?? '', dealId: dealt.alias, durationMs: dealt.durationMs },
      at,
      new Date(at.getTime() + 600_000),
      true,
    );
    await repo.markServed(grantId, at);
    if (i % 3 === 0) {
      await timed(samples.like, () =>
        repo.insertLikeWithReveal(userId, dealt.alias, false, new Date(), 30_000, award),
      );
    } else {
      await timed(samples.skip, () => repo.endDealAsSkip(dealt.alias, new Date(), 10_000));
    }
  }
  for (let i = 0; i < 100; i++) {
    await timed(samples.chart, async () => {
      const rows = await catalogue.ranking(track.genre, yesterday, 50);
      await catalogue.likedAmong(
        listeners[i % listeners.length] ?? '',
        rows.map((row) => row.id),
      );
    });
  }
  for (let i = 0; i < 100; i++)
    await timed(samples.hookAnalytics, () => hooks.trackHooks(track.artist_id, track.id));
  await timed(samples.verdictJob, () =>
    refreshVerdicts(db, new Date(), VERDICT.windowDays, VERDICT.accountMinAgeMs),
  );
}

/** The deck's operations of `listeners` listeners' samples, summarised. */
function deckOf(samples: Samples, listeners: number) {
  return {
    listeners,
    next: summarise(samples.next),
    like: summarise(samples.like),
    skip: summarise(samples.skip),
  };
}

/** Each operation's samples, summarised. */
function summariseAll(samples: Samples) {
  return Object.fromEntries(
    Object.entries(samples).map(([key, values]) => [key, summarise(values)]),
  ) as Record<keyof Samples, ReturnType<typeof summarise>>;
}

/**
 * `ROUNDS` rounds on the two clusters in turn, dataset S's then the other's, so that what the
 * machine does beside the bench falls on both alike; each operation's ratio to dataset S's.
 */
async function interleaved(
  small: Db,
  large: Db,
  listeners: { small: string[]; large: string[] },
  track: { small: BenchTrack; large: BenchTrack },
) {
  const samples = { small: emptySamples(), large: emptySamples() };
  for (let round = 0; round < ROUNDS; round++) {
    await measure(samples.small, CYCLES / ROUNDS, small, listeners.small, track.small);
    await measure(samples.large, CYCLES / ROUNDS, large, listeners.large, track.large);
  }
  const datasetS = summariseAll(samples.small);
  const other = summariseAll(samples.large);
  const ratios = Object.fromEntries(
    (Object.keys(datasetS) as (keyof Samples)[]).map((key) => [
      key,
      {
        p50: Number((other[key].p50 / datasetS[key].p50).toFixed(2)),
        p95: Number((other[key].p95 / datasetS[key].p95).toFixed(2)),
      },
    ]),
  ) as Record<keyof Samples, { p50: number; p95: number }>;
  return { datasetS, other, ratios };
}

type BenchTrack = { id: string; artist_id: string; genre: string };

/** Rows and bytes of `deals` (all partitions, indexes included) and how many partitions hold rows. */
async function dealsSize(db: Db) {
  const [row] = await db.query<{ rows: string; bytes: string | null; partitions: number }>(
    `select (select count(*) from deals)::bigint as rows,
       (select sum(pg_total_relation_size(inhrelid))::bigint from pg_inherits where inhparent = 'deals'::regclass) as bytes,
       (select count(distinct tableoid)::int from deals) as partitions`,
  );
  return {
    rows: Number(row?.rows ?? 0),
    gigabytes: Number((Number(row?.bytes ?? 0) / 2 ** 30).toFixed(2)),
    partitions: row?.partitions,
  };
}

const started = Date.now();
const loadBefore = loadavg();
const progress = (what: string) => {
  console.log(
    `${String(Math.round((Date.now() - started) / 1000))} s: ${what} (load ${loadavg()[0]?.toFixed(1) ?? '?'})`,
  );
};

/** Dataset S, its ratings as a million served deals of the last 60 days: the track and listeners measured. */
async function loadDatasetS(db: Db): Promise<{ track: BenchTrack; listeners: string[] }> {
  await migrate(db);
  // An installation that has run for a while: the months of the last quarter and the next two.
  await db.query(`select deals_prepare_months(now() - interval '3 months', now() + interval '2 months')`);
  await generateDataset(db, { ...DATASET_S, heavyLikes: 0 });
  progress('dataset S generated');
  // Every rating of dataset S becomes a served, ended deal of the last 60 days; one track of the
  // first genre gets 200 listeners, so its hook analytics are published. Each row's random values
  // are drawn in a subquery's select list: a lateral subquery that names no outer column is
  // evaluated once, and would give every deal the same instant. The deck's counts are moved once
  // after the load, as the insert trigger would have moved them row by row.
  await db.exec(`
    select setseed(0.19);
    update tracks set duration_ms = 120000 + (random() * 180000)::int;
    alter table deals disable trigger deals_count_exposure;
    insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms, listened_before_like_ms)
      select user_id, track_id, at, at, ended_as, at + interval '40 seconds',
             (random() * 120000)::int, case when ended_as = 'like' then (random() * 90000)::int end
      from (select i.user_id, i.track_id, now() - interval '1 hour' - random() * interval '60 days' as at,
                   case when i.interaction_type = 'like' then 'like' when random() < 0.8 then 'skip' else 'left' end as ended_as
            from track_interactions i) r;
    create table bench_track as
      select id, artist_id, genre from tracks where featured_in_player and not is_deleted order by id limit 1;
    insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms, listened_before_like_ms)
      select user_id, track_id, at, at, ended_as, at + interval '40 seconds', (random() * 120000)::int, (random() * 90000)::int
      from (select p.id as user_id, b.id as track_id, now() - interval '2 days' - random() * interval '20 days' as at,
                   case when random() < 0.4 then 'like' else 'skip' end as ended_as
            from (select id from profiles where role = 'listener' order by id limit 200) p cross join bench_track b) r;
    alter table deals enable trigger deals_count_exposure;
    update deck_exposure x set deal_count = x.deal_count + c.n
    from (select track_id, count(*)::int as n from deals group by track_id) c
    where c.track_id = x.track_id;
  `);
  progress('its ratings dealt');
  // The deals spread over the 60 days, not one instant (see above).
  const [spread] = await db.query<{ days: number }>(
    `select count(distinct date_trunc('day', dealt_at))::int as days from deals`,
  );
  if ((spread?.days ?? 0) < 55)
    throw new Error(`dataset S's deals fall on ${String(spread?.days)} days, not 60`);
  // The accounts are older than any deal, so the verdict and the hooks trust their deals. The
  // tracks, too, are older than their deals, the growth's year included (no deck deals a track
  // before its upload, and a track's reads open only the months since: decision 0312); the
  // measured track was uploaded just before its sixty days of ratings.
  await db.exec(`
    update accounts set created_at = now() - interval '400 days';
    update tracks set uploaded_at = uploaded_at - interval '500 days';
    update tracks set uploaded_at = now() - interval '61 days' where id in (select id from bench_track);
  `);
  await db.exec('vacuum analyze');
  const [track] = await db.query<BenchTrack>('select * from bench_track');
  if (!track) throw new Error('no track for the hook analytics');
  const listeners = (
    await db.query<{ id: string }>(
      `select id from profiles where role = 'listener' order by md5(id::text) limit 2000`,
    )
  ).map((row) => row.id);

  return { track, listeners };
}

/**
 * The growth: 190,000 more listeners' 100 deals each over the twelve months before dataset S's
 * quarter, every featured track but the measured one. Answers how long it took.
 */
async function grow(db: Db): Promise<number> {
  // The growth: each of the twelve months before the last quarter's is made as a table of its own,
  // filled, and attached as a partition, which builds its indexes in one pass each and checks its
  // foreign keys once (a row-by-row insert into the partition costs about ten times as long).
  const growth = performance.now();
  await db.exec(`
    insert into accounts (id, email, email_verified_at, created_at)
      select gen_random_uuid(), 'grown' || g || '@bench.test', now(), now() - interval '500 days'
      from generate_series(1, ${String(NEW_LISTENERS)}) g;
    insert into profiles (id, role, username)
      select id, 'listener', 'grown' || substr(id::text, 25) || substr(id::text, 1, 4) from accounts where email like 'grown%';
    insert into listener_profiles (id) select id from profiles where username like 'grown%';
    create table bench_grown as
      select id, row_number() over (order by id) as n from accounts where email like 'grown%';
    create table bench_featured as
      select id, row_number() over (order by id) as n from tracks
      where featured_in_player and not is_deleted and id not in (select id from bench_track);
  `);
  const dealsPerMonth = Math.round((NEW_LISTENERS * DEALS_PER_NEW_LISTENER) / 12);
  const [featured] = await db.query<{ n: number }>('select count(*)::int as n from bench_featured');
  const featuredCount = featured?.n ?? 0;
  for (let month = 4; month <= 15; month++) {
    const [range] = await db.query<{ part: string; month_start: string; month_end: string }>(
      `select 'deals_' || to_char(m, '"y"YYYY"m"MM') as part, m::text as month_start, (m + interval '1 month')::text as month_end
       from (select date_trunc('month', now() at time zone 'UTC') - ($1 || ' months')::interval as m) s`,
      [month],
    );
    if (!range) throw new Error('a month');
    await db.exec(`
      create table ${range.part} (like deals including defaults including constraints);
      insert into ${range.part} (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms,
                                 listened_before_like_ms, policy, propensity, candidates)
        select u.id, t.id, x.at, x.at, x.ended_as, x.at + interval '40 seconds', (random() * 120000)::int,
               case when x.ended_as = 'like' then (random() * 90000)::int end, 'fair', 1, 1
        from (select 1 + (g % ${String(NEW_LISTENERS)}) as listener, 1 + floor(random() * ${String(featuredCount)})::int as track,
                     '${range.month_start}'::timestamp at time zone 'UTC'
                       + random() * ('${range.month_end}'::timestamp - '${range.month_start}'::timestamp) as at,
                     case when random() < 0.3 then 'like' when random() < 0.86 then 'skip' else 'left' end as ended_as
              from generate_series(1, ${String(dealsPerMonth)}) g) x
        join bench_grown u on u.n = x.listener
        join bench_featured t on t.n = x.track;
      alter table ${range.part} add constraint ${range.part}_range check (
        dealt_at >= '${range.month_start}'::timestamp at time zone 'UTC' and dealt_at < '${range.month_end}'::timestamp at time zone 'UTC');
      alter table deals attach partition ${range.part}
        for values from ('${range.month_start}'::timestamp at time zone 'UTC') to ('${range.month_end}'::timestamp at time zone 'UTC');
    `);
    console.log(
      `${range.part}: ${String(dealsPerMonth)} deals, ${String(Math.round((performance.now() - growth) / 1000))} s`,
    );
  }
  // The deck's counts take the grown deals in, as the insert trigger would have.
  await db.exec(`
    update deck_exposure x set deal_count = x.deal_count + c.n
    from (select track_id, count(*)::int as n from deals where user_id in (select id from bench_grown) group by track_id) c
    where c.track_id = x.track_id;
  `);
  await db.exec('vacuum analyze');
  const grownInSeconds = Math.round((performance.now() - growth) / 1000);
  const [grownDeals] = await db.query<{ n: string }>(
    'select count(*) as n from deals where user_id in (select id from bench_grown)',
  );
  if (Number(grownDeals?.n) !== 12 * dealsPerMonth)
    throw new Error(`the growth made ${String(grownDeals?.n)} deals, not ${String(12 * dealsPerMonth)}`);
  return grownInSeconds;
}

const clusters = [await benchCluster(), await benchCluster()] as const;
try {
  const small = await openDatabase({ kind: 'postgres', url: clusters[0].url });
  const large = await openDatabase({ kind: 'postgres', url: clusters[1].url });
  const s = await loadDatasetS(small);
  const l = await loadDatasetS(large);
  const listeners = { small: s.listeners, large: l.listeners };
  const tracks = { small: s.track, large: l.track };
  const baselineSize = await dealsSize(small);
  console.log(`dataset S: ${JSON.stringify(baselineSize)}`);
  const grownInSeconds = await grow(large);
  const grownSize = await dealsSize(large);
  progress(`grown: ${JSON.stringify(grownSize)} in ${String(grownInSeconds)} s`);
  const atScale = await interleaved(small, large, listeners, tracks);
  console.log(JSON.stringify({ atScale }, null, 2));
  // Beside the goal: the hook analytics of the featured track with the most deals, a year of them.
  const [busy] = await large.query<{ id: string; artist_id: string; deals: number }>(
    `select t.id, t.artist_id, x.deal_count as deals from deck_exposure x join tracks t on t.id = x.track_id
     where t.genre = $1 order by x.deal_count desc limit 1`,
    [l.track.genre],
  );
  if (!busy) throw new Error('no busy track');
  const busyHooks = createHooksService({ repository: createHooksRepository(large) });
  const busyReads: number[] = [];
  for (let i = 0; i < 100; i++) await timed(busyReads, () => busyHooks.trackHooks(busy.artist_id, busy.id));
  const genreMedian: number[] = [];
  await timed(genreMedian, () =>
    createHooksRepository(large).genreLikeRate(l.track.genre, HOOKS.minListeners),
  );
  // Beside the goal too: the deck of listeners of the growth, each with a year of deals behind
  // them (dataset S's listeners have none in the grown months, on either cluster).
  const withHistory = (
    await large.query<{ id: string }>('select id from bench_grown order by md5(id::text) limit 1000')
  ).map((row) => row.id);
  const historyBefore = emptySamples();
  await measure(historyBefore, HISTORY_CYCLES, large, withHistory, l.track);

  // The roll-up (decision 0317) with a retention of four months: the twelve grown months go in
  // one run, and what read them is measured again, beside dataset S again. Dataset S's sixty
  // days are kept whole.
  progress('rolling up');
  const rollUps = createDealRollUpRepository(large);
  const now = new Date();
  const due = await rollUps.monthsToRollUp(
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1)),
  );
  const rollUpStarted = performance.now();
  const rolled = await rollUps.rollUpMonths(due, {
    floor: HOOKS.minListeners,
    steps: HOOKS.curveSteps,
    demoEmail: DEMO_ACCOUNT.email,
    accountMinAgeMs: VERDICT.accountMinAgeMs,
  });
  const rollUpSeconds = Math.round((performance.now() - rollUpStarted) / 1000);
  await large.exec('vacuum analyze');
  const rolledSize = await dealsSize(large);
  const [kept] = await large.query<{ pairs: number; bytes: string }>(
    `select (select count(*)::int from listener_tracks) as pairs,
       (pg_total_relation_size('listener_tracks') + pg_total_relation_size('track_hearing_rollups')
         + pg_total_relation_size('track_rollups'))::bigint as bytes`,
  );
  progress(`rolled up ${String(rolled.length)} months in ${String(rollUpSeconds)} s`);
  const afterRollUp = await interleaved(small, large, listeners, tracks);
  const historyAfter = emptySamples();
  await measure(historyAfter, HISTORY_CYCLES, large, withHistory, l.track);
  const busyAfter: number[] = [];
  for (let i = 0; i < 100; i++) await timed(busyAfter, () => busyHooks.trackHooks(busy.artist_id, busy.id));
  const medianAfter: number[] = [];
  await timed(medianAfter, () =>
    createHooksRepository(large).genreLikeRate(l.track.genre, HOOKS.minListeners),
  );

  const goalKeys = ['next', 'like', 'chart', 'hookAnalytics'] as const;
  const passes = (ratios: Record<string, { p50: number; p95: number } | undefined>) =>
    goalKeys.every(
      (key) => (ratios[key]?.p50 ?? Infinity) <= GOAL_RATIO && (ratios[key]?.p95 ?? Infinity) <= GOAL_RATIO,
    );
  const record = {
    benchmark: 'deals-at-scale',
    recordedAt: new Date().toISOString(),
    goal: `next, like, chart and hook analytics on ${String(grownSize.rows)} deals within ${String(Math.round((GOAL_RATIO - 1) * 100))} % of dataset S's (p50 and p95)`,
    method: `two clusters, dataset S and dataset S grown, measured in turn in ${String(ROUNDS)} rounds (${String(CYCLES / ROUNDS)} deck cycles, 100 chart and 100 hook reads and one verdict job each)`,
    pass: passes(atScale.ratios),
    machine: { cpus: cpus().length, loadAverageBefore: loadBefore, loadAverageAfter: loadavg() },
    seconds: Math.round((Date.now() - started) / 1000),
    datasetS: baselineSize,
    grown: { ...grownSize, newListeners: NEW_LISTENERS, seconds: grownInSeconds },
    hookTrack: { listeners: 200, floor: HOOKS.minListeners, uploadedDaysAgo: 61 },
    busyTrack: { deals: busy.deals, hookAnalytics: summarise(busyReads) },
    listenersWithAYear: deckOf(historyBefore, withHistory.length),
    genreMedianFirstReadMs: Number((genreMedian[0] ?? 0).toFixed(0)),
    milliseconds: { datasetS: atScale.datasetS, grown: atScale.other },
    ratios: atScale.ratios,
    rollUp: {
      retentionMonths: 4,
      months: rolled.length,
      seconds: rollUpSeconds,
      dropped: rolled.reduce((sum, month) => sum + month.dropped, 0),
      kept: rolled.reduce((sum, month) => sum + month.kept, 0),
      deals: rolledSize,
      listenerTrackPairs: kept?.pairs,
      rollUpGigabytes: Number((Number(kept?.bytes ?? 0) / 2 ** 30).toFixed(2)),
      pass: passes(afterRollUp.ratios),
      milliseconds: { datasetS: afterRollUp.datasetS, rolledUp: afterRollUp.other },
      ratios: afterRollUp.ratios,
      busyTrackHookAnalytics: summarise(busyAfter),
      listenersWithAYear: deckOf(historyAfter, withHistory.length),
      genreMedianFirstReadMs: Number((medianAfter[0] ?? 0).toFixed(0)),
    },
  };
  console.log(JSON.stringify(record, null, 2));
  if (GROWTH === 1 && !KEEP)
    writeFileSync(
      path.join(import.meta.dirname, 'results', 'deals-at-scale.json'),
      `${JSON.stringify(record, null, 2)}\n`,
    );
  await small.close();
  await large.close();
  if (KEEP) {
    // For EXPLAIN by hand: the clusters stay up until this process is stopped.
    console.log(`kept: ${clusters[0].url} (dataset S), ${clusters[1].url} (grown and rolled up)`);
    await new Promise((resolve) => process.once('SIGTERM', resolve));
  }
} finally {
  for (const cluster of clusters) cluster.stop();
}
