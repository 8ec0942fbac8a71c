// Equal first listens, simulated (issue 19, decision 0191): 2,000 listeners of 25 swipes each
// walk the deck of dataset S (about 20,000 featured tracks) through the real pick statement on
// PostgreSQL, three times: the deck as issue 18 left it (the uniform pick, FIRST_LISTENS = 0, on
// random keys that never change), the uniform pick with the new key drawn at each deal, and the
// fair pick (FIRST_LISTENS = 50). Reports, side by side, the Gini coefficient of deals per
// featured track, the share of featured tracks dealt at least once, and how soon a track featured
// halfway through the busy hour gets its first deal.
//   npx tsx bench/fair-deal-simulation.ts        (writes bench/results/fair-deal-simulation.json)
// LISTENERS, SWIPES and LIKE_RATE override the defaults.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { DEAL_RULES } from '@klang/domain';
import type { Db } from '../server/src/db/client';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import {
  createPlayerRepository,
  dealStatement,
  NO_FILTER,
} from '../server/src/modules/player/player.repository';
import { DATASET_S, generateDataset } from './lib/dataset';
import { benchCluster } from './lib/load';
import { gini, seeded } from './lib/stats';

const LISTENERS = Number(process.env.LISTENERS ?? 2000);
const SWIPES = Number(process.env.SWIPES ?? 25);
/** The share of swipes that are likes; a liked track leaves that listener's deck. */
const LIKE_RATE = Number(process.env.LIKE_RATE ?? 0.3);
/**
 * The busy hour's pace: every listener is active at once and swipes every 30 s, so 2,000
 * listeners deal 4,000 tracks a minute and the 25 swipes last 12.5 simulated minutes.
 */
const SECONDS_PER_SWIPE = 30;

interface RunResult {
  firstListens: number;
  deals: number;
  featuredTracks: number;
  giniOfDealsPerTrack: number;
  shareDealtAtLeastOnce: number;
  dealsPerTrack: { min: number; p50: number; max: number; mean: number };
  /** Tracks dealt more than 2 × 50 times while some featured track had fewer than 50. */
  tracksPastTwiceWhileOneUnder: number;
  newTrack: {
    featuredAfterDeals: number;
    firstDealAfterDeals: number | null;
    firstDealAfterSeconds: number | null;
  };
  pickMs: { p50: number; p99: number; mean: number };
  seconds: number;
}

/**
 * One busy hour. `fixedKeys` emulates the deck before issue 19, whose random keys never changed:
 * after each deal the track gets back the key the dataset gave it (a statement of the bench's,
 * outside the timed pick).
 */
async function simulate(
  db: Db,
  listeners: string[],
  firstListens: number,
  newTrackId: string,
  fixedKeys: boolean,
): Promise<RunResult> {
  const repo = createPlayerRepository(db);
  const random = seeded(19);
  const start = new Date('2026-11-24T18:00:00Z').getTime();
  const current = new Map<string, string>();
  const times: number[] = [];
  const total = listeners.length * SWIPES;
  const featureAt = Math.floor(total / 2);
  let dealt = 0;
  let newTrack: RunResult['newTrack'] = {
    featuredAfterDeals: featureAt,
    firstDealAfterDeals: null,
    firstDealAfterSeconds: null,
  };
  const began = performance.now();
  for (let round = 0; round < SWIPES; round++) {
    // Everyone swipes once per round, in a new order each round.
    const order = listeners.map((id) => ({ id, key: random() })).sort((a, b) => a.key - b.key);
    for (const [i, { id }] of order.entries()) {
      if (dealt === featureAt)
        await db.query('update tracks set featured_in_player = true where id = $1', [newTrackId]);
      const at = new Date(start + (round + i / order.length) * SECONDS_PER_SWIPE * 1000);
      const t0 = performance.now();
      const deal = await repo.dealCandidate({
        userId: id,
        currentAlias: current.get(id) ?? null,
        r: random(),
        dealtAt: at,
        firstListens,
        filter: NO_FILTER,
      });
      times.push(performance.now() - t0);
      if (!deal) throw new Error('the deck ran dry');
      dealt++;
      current.set(id, deal.alias);
      if (fixedKeys)
        await db.query(
          `update deck_exposure x set rnd = o.rnd from bench_original_keys o
           where o.track_id = x.track_id and x.track_id = (select track_id from deals where id = $1)`,
          [deal.alias],
        );
      if (dealt > featureAt && newTrack.firstDealAfterDeals === null) {
        const [row] = await db.query<{ track_id: string }>('select track_id from deals where id = $1', [
          deal.alias,
        ]);
        if (row?.track_id === newTrackId) {
          const featuredAt = start + (featureAt / total) * SWIPES * SECONDS_PER_SWIPE * 1000;
          newTrack = {
            featuredAfterDeals: featureAt,
            firstDealAfterDeals: dealt - featureAt,
            firstDealAfterSeconds: Math.round((at.getTime() - featuredAt) / 100) / 10,
          };
        }
      }
      if (random() < LIKE_RATE)
        await db.query(
          `insert into track_interactions (user_id, track_id, interaction_type)
           select user_id, track_id, 'like' from deals where id = $1 on conflict do nothing`,
          [deal.alias],
        );
    }
    process.stdout.write(`\r  FIRST_LISTENS=${firstListens}: round ${round + 1}/${SWIPES}`);
  }
  process.stdout.write('\n');
  const seconds = Math.round((performance.now() - began) / 100) / 10;
  const counts = (
    await db.query<{ deal_count: number }>(`select deal_count from deck_exposure where in_deck`)
  ).map((r) => r.deal_count);
  const sorted = [...counts].sort((a, b) => a - b);
  const under = Math.min(...counts) < DEAL_RULES.firstListensDefault;
  const sortedTimes = [...times].sort((a, b) => a - b);
  const at = (q: number) => Number((sortedTimes[Math.floor(q * (sortedTimes.length - 1))] ?? 0).toFixed(3));
  return {
    firstListens,
    deals: dealt,
    featuredTracks: counts.length,
    giniOfDealsPerTrack: Number(gini(counts).toFixed(4)),
    shareDealtAtLeastOnce: Number((counts.filter((c) => c >= 1).length / counts.length).toFixed(4)),
    dealsPerTrack: {
      min: sorted[0] ?? 0,
      p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
      max: sorted.at(-1) ?? 0,
      mean: Number((counts.reduce((a, b) => a + b, 0) / counts.length).toFixed(3)),
    },
    tracksPastTwiceWhileOneUnder: under
      ? counts.filter((c) => c > 2 * DEAL_RULES.firstListensDefault).length
      : 0,
    newTrack,
    pickMs: {
      p50: at(0.5),
      p99: at(0.99),
      mean: Number((times.reduce((a, b) => a + b, 0) / times.length).toFixed(3)),
    },
    seconds,
  };
}

/** Forgets one run: its deals, its likes, the counts, the keys, the new track's featuring. */
async function reset(db: Db, newTrackId: string): Promise<void> {
  await db.exec(`
    -- A liked track is never dealt to its listener again, so every like on a dealt pair is the run's.
    delete from track_interactions i using deals d
      where i.user_id = d.user_id and i.track_id = d.track_id and i.interaction_type = 'like';
    delete from deals;
    update deck_exposure set deal_count = 0 where deal_count <> 0;
    update deck_exposure x set rnd = o.rnd from bench_original_keys o
      where o.track_id = x.track_id and x.rnd <> o.rnd;`);
  await db.exec('vacuum analyze deck_exposure, deals, track_interactions');
  await db.query('update tracks set featured_in_player = false where id = $1', [newTrackId]);
}

const cluster = await benchCluster();
try {
  const db = await openDatabase({ kind: 'postgres', url: cluster.url });
  await migrate(db);
  const generation = performance.now();
  await generateDataset(db, DATASET_S);
  const generatedInSeconds = Math.round((performance.now() - generation) / 1000);
  // The dataset's own likes stay; the run's likes go with its deals (reset), checked by count.
  const [{ likes: datasetLikes } = { likes: 0 }] = await db.query<{ likes: number }>(
    `select count(*)::int as likes from track_interactions where interaction_type = 'like'`,
  );
  const [{ id: newTrackId } = { id: '' }] = await db.query<{ id: string }>(
    `insert into tracks (artist_id, title, genre, audio_media_id, status, featured_in_player)
     select artist_id, 'Newly featured', genre, audio_media_id, 'ready', false from tracks limit 1
     returning id`,
  );
  const listeners = (
    await db.query<{ id: string }>(
      `select id from profiles where role = 'listener' and id <> '00000000-0000-4000-c000-000000000000'
       order by id limit ${LISTENERS}`,
    )
  ).map((r) => r.id);
  console.log(`dataset S in ${generatedInSeconds} s; ${listeners.length} listeners × ${SWIPES} swipes`);
  await db.exec(`create table bench_original_keys as select track_id, rnd from deck_exposure;
    alter table bench_original_keys add primary key (track_id);`);

  const resetChecked = async () => {
    await reset(db, newTrackId);
    const [{ likes: likesAfterReset } = { likes: -1 }] = await db.query<{ likes: number }>(
      `select count(*)::int as likes from track_interactions where interaction_type = 'like'`,
    );
    if (likesAfterReset !== datasetLikes) throw new Error('the reset did not restore the dataset');
  };
  const before = await simulate(db, listeners, 0, newTrackId, true);
  await resetChecked();
  const uniform = await simulate(db, listeners, 0, newTrackId, false);
  await resetChecked();
  const fair = await simulate(db, listeners, DEAL_RULES.firstListensDefault, newTrackId, false);

  const statement = dealStatement({
    userId: listeners[0] ?? '',
    currentAlias: null,
    r: 0.5,
    dealtAt: new Date(),
    firstListens: DEAL_RULES.firstListensDefault,
    filter: NO_FILTER,
  });
  const plan = (await db.query<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.values)).map(
    (r) => r['QUERY PLAN'],
  );
  await db.close();

  const usesFairIndex = plan.some((line) => line.includes('deck_exposure_fair_idx'));
  const pass =
    fair.giniOfDealsPerTrack < before.giniOfDealsPerTrack &&
    fair.shareDealtAtLeastOnce > before.shareDealtAtLeastOnce &&
    fair.tracksPastTwiceWhileOneUnder === 0 &&
    fair.newTrack.firstDealAfterSeconds !== null &&
    fair.newTrack.firstDealAfterSeconds <= 60 &&
    usesFairIndex;
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      node: process.version,
      loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    },
    database: 'PostgreSQL (Debian), throwaway cluster, shared_buffers=256MB',
    dataset: {
      name: 'S',
      generatedInSeconds,
      listeners: listeners.length,
      swipes: SWIPES,
      likeRate: LIKE_RATE,
    },
    pace: `every listener swipes every ${SECONDS_PER_SWIPE} s: ${Math.round((listeners.length * 60) / SECONDS_PER_SWIPE)} deals a simulated minute`,
    before,
    uniform,
    fair,
    goal: 'issue 19: the fair pick spreads deals (lower Gini, more featured tracks dealt than the issue-18 deck), no track past 2 × FIRST_LISTENS while one is under it, a newly featured track dealt within a minute of the busy hour, the pick index-driven (deck_exposure_fair_idx)',
    plan,
  };
  writeFileSync(
    path.join(import.meta.dirname, 'results', 'fair-deal-simulation.json'),
    `${JSON.stringify({ ...report, pass }, null, 2)}\n`,
  );
  const row = (name: string, ...cells: unknown[]) => {
    console.log(`${name.padEnd(30)}${cells.map((c) => String(c).padEnd(18)).join('')}`);
  };
  const runs = [before, uniform, fair];
  row('', 'issue 18 deck', 'uniform, new keys', `fair (FIRST_LISTENS=${DEAL_RULES.firstListensDefault})`);
  row('Gini of deals per track', ...runs.map((r) => r.giniOfDealsPerTrack));
  row('share dealt at least once', ...runs.map((r) => r.shareDealtAtLeastOnce));
  row(
    'deals per track min/p50/max',
    ...runs.map((r) => Object.values(r.dealsPerTrack).slice(0, 3).join('/')),
  );
  row(
    'new track: first deal after',
    ...runs.map((r) => `${r.newTrack.firstDealAfterDeals ?? 'never'} deals`),
  );
  row('  simulated seconds', ...runs.map((r) => r.newTrack.firstDealAfterSeconds ?? '-'));
  row('pick p50 / p99 ms', ...runs.map((r) => `${r.pickMs.p50} / ${r.pickMs.p99}`));
  console.log(`index-driven (deck_exposure_fair_idx): ${usesFairIndex}; ${pass ? 'PASS' : 'FAIL'}`);
} finally {
  cluster.stop();
}
