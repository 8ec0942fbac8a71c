// Blind A/B tests in the fair deck (issue 31 item 4, decision 0304): on dataset S, with 2,000 of
// its tracks featured (so that the deals pass through several tiers of first listens) and 100 of
// them under test against an unfeatured upload each, listeners walk the deck through the real
// deal statement on PostgreSQL three times, from the same seeded draws: without tests (the
// baseline), with them, and without again (the tests ended), so warm-up and drift cancel out. After every deal it checks, against counts it keeps
// itself, that the deal went to the least-exposed tier of that listener's eligible tracks (equal
// first listens, decision 0191) and never to a version B; at the end, that no listener heard
// both versions of a test, how the listeners split, and that tested tracks got no more deals
// than the others. Reports the pick's time with tests over the mean of the two baselines.
//   npx tsx bench/ab-test-deck.ts        (writes bench/results/ab-test-deck.json)
// LISTENERS, SWIPES, DECK, TESTS and LIKE_RATE override the defaults.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { DEAL_RULES } from '@klang/domain';
import type { Db } from '../server/src/db/client';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { createPlayerRepository, NO_FILTER } from '../server/src/modules/player/player.repository';
import { DATASET_S, generateDataset } from './lib/dataset';
import { benchCluster } from './lib/load';
import { seeded } from './lib/stats';

const LISTENERS = Number(process.env.LISTENERS ?? 500);
const SWIPES = Number(process.env.SWIPES ?? 40);
const DECK = Number(process.env.DECK ?? 2000);
const TESTS = Number(process.env.TESTS ?? 100);
const LIKE_RATE = Number(process.env.LIKE_RATE ?? 0.3);
const FIRST_LISTENS = DEAL_RULES.firstListensDefault;

interface RunResult {
  tests: number;
  deals: number;
  /** Deals that went past the least-exposed tier of the listener's eligible tracks. */
  dealsOutsideLowestTier: number;
  /** Deals of a version B's own deck entry. */
  dealsOfVersionB: number;
  /** Listeners who were dealt both versions of one test. */
  listenersWithBothVersions: number;
  /** Of the tested tracks' deals, those in version B. */
  shareInVersionB: number | null;
  meanDealsPerTestedTrack: number | null;
  meanDealsPerOtherTrack: number;
  pickMs: { p50: number; p99: number; mean: number };
  seconds: number;
}

async function simulate(
  db: Db,
  listeners: string[],
  tested: Set<string>,
  versionsB: Set<string>,
): Promise<RunResult> {
  const repo = createPlayerRepository(db);
  const random = seeded(31);
  // What the check keeps on its own: every deck track's deals, and each listener's likes.
  const counts = new Map(
    (
      await db.query<{ track_id: string; deal_count: number }>(
        'select track_id, deal_count from deck_exposure where in_deck',
      )
    ).map((r) => [r.track_id, r.deal_count]),
  );
  const likes = new Map<string, Set<string>>(listeners.map((id) => [id, new Set()]));
  for (const row of await db.query<{ user_id: string; track_id: string }>(
    `select user_id, track_id from track_interactions where interaction_type = 'like' and user_id = any($1::uuid[])`,
    [listeners],
  ))
    likes.get(row.user_id)?.add(row.track_id);
  const current = new Map<string, { alias: string; trackId: string }>();
  const times: number[] = [];
  let outside = 0;
  let ofB = 0;
  let dealt = 0;
  const start = new Date('2026-11-28T18:00:00Z').getTime();
  const began = performance.now();
  for (let round = 0; round < SWIPES; round++) {
    const order = listeners.map((id) => ({ id, key: random() })).sort((a, b) => a.key - b.key);
    for (const [i, { id }] of order.entries()) {
      const liked = likes.get(id) ?? new Set<string>();
      const was = current.get(id);
      let lowest = Infinity;
      for (const [trackId, n] of counts)
        if (n < lowest && !liked.has(trackId) && trackId !== was?.trackId) lowest = n;
      const t0 = performance.now();
      const deal = await repo.dealCandidate({
        userId: id,
        currentAlias: was?.alias ?? null,
        r: random(),
        dealtAt: new Date(start + (round + i / order.length) * 30_000),
        firstListens: FIRST_LISTENS,
        filter: NO_FILTER,
      });
      times.push(performance.now() - t0);
      if (!deal) throw new Error('the deck ran dry');
      const [row] = await db.query<{ track_id: string }>('select track_id from deals where id = $1', [
        deal.alias,
      ]);
      const trackId = row?.track_id ?? '';
      if (versionsB.has(trackId)) ofB += 1;
      const before = counts.get(trackId);
      if (before === undefined) throw new Error('a deal of a track outside the deck');
      if (lowest < FIRST_LISTENS && before !== lowest) outside += 1;
      counts.set(trackId, before + 1);
      current.set(id, { alias: deal.alias, trackId });
      dealt += 1;
      if (random() < LIKE_RATE) {
        liked.add(trackId);
        await db.query(
          `insert into track_interactions (user_id, track_id, interaction_type) values ($1, $2, 'like')
           on conflict do nothing`,
          [id, trackId],
        );
      }
    }
    process.stdout.write(`\r  ${tested.size} tests: round ${round + 1}/${SWIPES}`);
  }
  process.stdout.write('\n');
  const seconds = Math.round((performance.now() - began) / 100) / 10;
  const [both] = await db.query<{ n: number }>(
    `select count(*)::int as n from (select user_id, ab_test_id from deals where ab_test_id is not null
       group by 1, 2 having count(distinct ab_version) > 1) x`,
  );
  const [split] = await db.query<{ b: number; all: number }>(
    `select count(*) filter (where ab_version = 'b')::int as b, count(*)::int as all from deals where ab_test_id is not null`,
  );
  const mean = (values: number[]) =>
    values.length === 0 ? null : Number((values.reduce((a, b) => a + b, 0) / values.length).toFixed(3));
  const testedCounts = [...counts].filter(([id]) => tested.has(id)).map(([, n]) => n);
  const otherCounts = [...counts].filter(([id]) => !tested.has(id)).map(([, n]) => n);
  const sortedTimes = [...times].sort((a, b) => a - b);
  const at = (q: number) => Number((sortedTimes[Math.floor(q * (sortedTimes.length - 1))] ?? 0).toFixed(3));
  return {
    tests: tested.size,
    deals: dealt,
    dealsOutsideLowestTier: outside,
    dealsOfVersionB: ofB,
    listenersWithBothVersions: both?.n ?? -1,
    shareInVersionB: split && split.all > 0 ? Number((split.b / split.all).toFixed(4)) : null,
    meanDealsPerTestedTrack: mean(testedCounts),
    meanDealsPerOtherTrack: mean(otherCounts) ?? 0,
    pickMs: { p50: at(0.5), p99: at(0.99), mean: mean(times) ?? 0 },
    seconds,
  };
}

/** Forgets a run: its deals and likes, and the deck's counts. */
async function reset(db: Db, listeners: string[], datasetLikes: number): Promise<void> {
  await db.query(
    `delete from track_interactions i using deals d
     where i.user_id = d.user_id and i.track_id = d.track_id and i.interaction_type = 'like'
       and d.user_id = any($1::uuid[])`,
    [listeners],
  );
  await db.exec('delete from deals; update deck_exposure set deal_count = 0 where deal_count <> 0');
  await db.exec('vacuum analyze deck_exposure, deals, track_interactions');
  const [row] = await db.query<{ likes: number }>(
    `select count(*)::int as likes from track_interactions where interaction_type = 'like'`,
  );
  if (row?.likes !== datasetLikes) throw new Error('the reset did not restore the dataset');
}

const cluster = await benchCluster();
try {
  const db = await openDatabase({ kind: 'postgres', url: cluster.url });
  await migrate(db);
  await generateDataset(db, DATASET_S);
  const [{ likes: datasetLikes } = { likes: 0 }] = await db.query<{ likes: number }>(
    `select count(*)::int as likes from track_interactions where interaction_type = 'like'`,
  );
  const listeners = (
    await db.query<{ id: string }>(
      `select id from profiles where role = 'listener' and id <> '00000000-0000-4000-c000-000000000000'
       order by id limit ${LISTENERS}`,
    )
  ).map((r) => r.id);
  await db.exec('delete from deals; update deck_exposure set deal_count = 0;');
  await db.query(
    `update tracks set featured_in_player = false where featured_in_player
       and id not in (select track_id from deck_exposure where in_deck order by track_id limit $1)`,
    [DECK],
  );
  await db.exec('vacuum analyze tracks, deck_exposure');

  const baseline = await simulate(db, listeners, new Set(), new Set());
  await reset(db, listeners, datasetLikes);

  // Each test: a featured track, and a copy of it as the artist's unfeatured upload (version B).
  const pairs = await db.query<{ a: string; b: string }>(
    `with picked as (
       select t.id, t.artist_id, t.genre, t.audio_media_id, t.duration_ms from tracks t
       join deck_exposure x on x.track_id = t.id where x.in_deck order by t.id limit $1),
     copies as (
       insert into tracks (artist_id, title, genre, audio_media_id, duration_ms, status, featured_in_player)
       select artist_id, 'Version B of ' || id, genre, audio_media_id, duration_ms, 'ready', false from picked
       returning id, title)
     select p.id as a, c.id as b from picked p join copies c on c.title = 'Version B of ' || p.id`,
    [TESTS],
  );
  await db.query(
    `insert into ab_tests (artist_id, track_id, version_b_track_id, duration_a_ms, duration_b_ms, cap)
     select a.artist_id, a.id, b.id, a.duration_ms, b.duration_ms, 2000
     from unnest($1::uuid[], $2::uuid[]) p(a_id, b_id) join tracks a on a.id = p.a_id join tracks b on b.id = p.b_id`,
    [pairs.map((p) => p.a), pairs.map((p) => p.b)],
  );
  await db.exec('vacuum analyze tracks, deck_exposure, ab_tests');
  const withTests = await simulate(
    db,
    listeners,
    new Set(pairs.map((p) => p.a)),
    new Set(pairs.map((p) => p.b)),
  );
  // The baseline again with the tests ended, so warm-up and the machine's drift cancel out.
  await reset(db, listeners, datasetLikes);
  await db.exec(`update ab_tests set status = 'stopped', ended_at = now()`);
  const baselineAfter = await simulate(db, listeners, new Set(), new Set());
  await db.close();
  const baselineP50 = (baseline.pickMs.p50 + baselineAfter.pickMs.p50) / 2;
  const baselineP99 = (baseline.pickMs.p99 + baselineAfter.pickMs.p99) / 2;

  const pass =
    baseline.dealsOutsideLowestTier === 0 &&
    baselineAfter.dealsOutsideLowestTier === 0 &&
    withTests.dealsOutsideLowestTier === 0 &&
    withTests.dealsOfVersionB === 0 &&
    withTests.listenersWithBothVersions === 0 &&
    withTests.shareInVersionB !== null &&
    Math.abs(withTests.shareInVersionB - 0.5) < 0.05 &&
    withTests.meanDealsPerTestedTrack !== null &&
    Math.abs(withTests.meanDealsPerTestedTrack - withTests.meanDealsPerOtherTrack) <= 0.5;
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      node: process.version,
      loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    },
    database: 'PostgreSQL (Debian), throwaway cluster',
    dataset: {
      name: 'S',
      featuredTracks: DECK,
      listeners: listeners.length,
      swipes: SWIPES,
      likeRate: LIKE_RATE,
      tests: TESTS,
    },
    baseline,
    withTests,
    baselineAfter,
    /** With tests over the mean of the runs without, before and after. */
    pickTimeRatio: {
      p50: Number((withTests.pickMs.p50 / baselineP50).toFixed(2)),
      p99: Number((withTests.pickMs.p99 / baselineP99).toFixed(2)),
    },
    goal: 'issue 31 item 4: with tests running, every deal still goes to the least-exposed tier of its listener’s eligible tracks, a version B is never dealt on its own, no listener hears both versions, the listeners split evenly, and tested tracks get no more deals than the others',
    pass,
  };
  writeFileSync(
    path.join(import.meta.dirname, 'results', 'ab-test-deck.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  console.log(
    JSON.stringify(
      { baseline, withTests, baselineAfter, pickTimeRatio: report.pickTimeRatio, pass },
      null,
      2,
    ),
  );
} finally {
  cluster.stop();
}
