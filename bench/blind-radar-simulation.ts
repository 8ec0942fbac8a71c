// Blind Radar, simulated (issue 29 item 4, decisions 0283 to 0285): listeners of dataset S walk a
// deck of 400 featured tracks through the real deal statement on PostgreSQL, twice: today's deck
// (the fair deck alone, FIRST_LISTENS = 50) and the radar (the server's taste keeper, Thompson
// sampling among 32 candidates of the fair tier, then within RADAR_BAND, 10 % uniform). Each
// listener belongs to one of eight hidden taste clusters, a function of the sound features only;
// each track has a hidden quality; a like is drawn from both with noise, and a skip is early or
// late. Reports, side by side: like rate per deal, the Gini of deals per track, the deals until
// every track had its first listens, and the chart verdict's rank correlation with hidden quality.
//   npx tsx bench/blind-radar-simulation.ts     (writes bench/results/blind-radar-simulation.json)
// LISTENERS, SWIPES and DECK override the defaults.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { DEAL_RULES, GENRE_NAMES, RADAR_RULES } from '@klang/domain';
import type { Db } from '../server/src/db/client';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { createPlayerRepository, NO_FILTER } from '../server/src/modules/player/player.repository';
import { createTasteKeeper } from '../server/src/modules/player/taste-keeper';
import { DATASET_S, generateDataset } from './lib/dataset';
import { benchCluster } from './lib/load';
import { gini, seeded, spearman } from './lib/stats';

const LISTENERS = Number(process.env.LISTENERS ?? 1000);
const SWIPES = Number(process.env.SWIPES ?? 30);
const DECK = Number(process.env.DECK ?? 400);
const FIRST_LISTENS = DEAL_RULES.firstListensDefault;
/** The radar's band past the first listens (RADAR_BAND); the server's default unless BAND is set. */
const BAND = Number(process.env.BAND ?? Math.round(FIRST_LISTENS * RADAR_RULES.bandShareOfFirstListens));
const CLUSTERS = 8;
const SECONDS_PER_SWIPE = 30;
/** The like's base log-odds: a uniform deck sees about one like in eight deals. */
const BASE_LOG_ODDS = -2.9;

interface DeckTrack {
  id: string;
  genre: string;
  bpm: number;
  minor: boolean;
  energy: 'low' | 'mid' | 'high';
  brightness: number;
  quality: number;
}

interface Cluster {
  genre: Record<string, number>;
  tempo: number;
  energy: DeckTrack['energy'];
  minor: number;
  bright: number;
}

/** A normal draw from the seeded generator (Box–Muller). */
const normal = (random: () => number) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

function clusterOf(random: () => number): Cluster {
  return {
    genre: Object.fromEntries(GENRE_NAMES.map((g) => [g, 0.9 * normal(random)])),
    tempo: 115 + random() * 60,
    energy: (['low', 'mid', 'high'] as const)[Math.floor(random() * 3)] ?? 'mid',
    minor: 0.5 * normal(random),
    bright: 0.5 * normal(random),
  };
}

/** The hidden like probability: quality and the cluster's taste for the track's sound, with noise. */
function likeProbability(c: Cluster, t: DeckTrack, noise: number): number {
  const affinity =
    (c.genre[t.genre] ?? 0) +
    1.2 * Math.exp(-(((t.bpm - c.tempo) / 8) ** 2)) +
    (t.energy === c.energy ? 0.7 : 0) +
    (t.minor ? c.minor : -c.minor) +
    c.bright * ((t.brightness - 1900) / 640);
  return 1 / (1 + Math.exp(-(BASE_LOG_ODDS + 0.8 * t.quality + affinity + noise)));
}

interface RunResult {
  policy: string;
  deals: number;
  likeRate: number;
  giniOfDealsPerTrack: number;
  dealsUntilEveryTrackHadFirstListens: number | null;
  verdictRankCorrelation: number;
  /** The radar's uniform share alone, the unbiased verdict the chart is compared against. */
  uniformShareVerdictCorrelation: number | null;
  policies: Record<string, number>;
  pickMs: { p50: number; p99: number };
  seconds: number;
}

async function simulate(
  db: Db,
  listeners: string[],
  deck: Map<string, DeckTrack>,
  clusters: Cluster[],
  policy: 'today' | 'radar',
): Promise<RunResult> {
  const repo = createPlayerRepository(db);
  const random = seeded(29);
  const start = new Date('2026-11-27T18:00:00Z').getTime();
  let clock = start;
  const keeper = createTasteKeeper(
    repo,
    { enabled: true, band: BAND, explore: RADAR_RULES.exploreDefault },
    () => new Date(clock),
  );
  const dealsOf = new Map<string, number>([...deck.keys()].map((id) => [id, 0]));
  const likesOf = new Map<string, number>([...deck.keys()].map((id) => [id, 0]));
  const uniformDeals = new Map<string, number>();
  const uniformLikes = new Map<string, number>();
  const policies: Record<string, number> = {};
  const current = new Map<string, string>();
  const times: number[] = [];
  let dealt = 0;
  let likes = 0;
  let firstListensAt: number | null = null;
  const began = performance.now();
  for (let round = 0; round < SWIPES; round++) {
    const order = listeners.map((id, i) => ({ id, i, key: random() })).sort((a, b) => a.key - b.key);
    for (const [k, { id, i }] of order.entries()) {
      clock = start + (round + k / order.length) * SECONDS_PER_SWIPE * 1000;
      const at = new Date(clock);
      const t0 = performance.now();
      const request = {
        userId: id,
        currentAlias: current.get(id) ?? null,
        r: random(),
        dealtAt: at,
        firstListens: FIRST_LISTENS,
        filter: NO_FILTER,
      };
      const deal =
        policy === 'radar'
          ? (await keeper.deal(request, false, random)).dealt
          : await repo.dealCandidate(request);
      times.push(performance.now() - t0);
      if (!deal) {
        current.delete(id);
        continue;
      }
      current.set(id, deal.alias);
      const [row] = await db.query<{ track_id: string; policy: string }>(
        'select track_id, policy from deals where id = $1',
        [deal.alias],
      );
      const track = row && deck.get(row.track_id);
      if (!row || !track) throw new Error('a deal outside the deck');
      dealt++;
      policies[row.policy] = (policies[row.policy] ?? 0) + 1;
      dealsOf.set(track.id, (dealsOf.get(track.id) ?? 0) + 1);
      const taste = clusters[i % CLUSTERS];
      if (!taste) throw new Error('a listener without a cluster');
      const isLike = random() < likeProbability(taste, track, 0.4 * normal(random));
      if (row.policy === 'explore') uniformDeals.set(track.id, (uniformDeals.get(track.id) ?? 0) + 1);
      if (isLike) {
        likes++;
        likesOf.set(track.id, (likesOf.get(track.id) ?? 0) + 1);
        if (row.policy === 'explore') uniformLikes.set(track.id, (uniformLikes.get(track.id) ?? 0) + 1);
      }
      // The deal ends as a listener's would: a like, or a skip in the first seconds (a third of
      // them) or later; the like leaves the listener's deck and counts on the track.
      const position = isLike ? 45_000 : random() < 0.33 ? 3_000 : 15_000 + Math.floor(random() * 30_000);
      await db.query(
        `with ended as (
           update deals set first_served_at = $2::timestamptz - interval '1 minute', ended_as = $3::text,
             ended_at = $2, end_position_ms = $4 where id = $1 returning user_id, track_id),
         liked as (
           insert into track_interactions (user_id, track_id, interaction_type)
           select user_id, track_id, 'like' from ended where $3::text = 'like' on conflict do nothing returning track_id)
         update tracks set likes = likes + 1 where id = (select track_id from liked)`,
        [deal.alias, at, isLike ? 'like' : 'skip', position],
      );
      if (firstListensAt === null && dealt % 200 === 0) {
        if (Math.min(...dealsOf.values()) >= FIRST_LISTENS) firstListensAt = dealt;
      }
    }
    process.stdout.write(
      `\r  ${policy}: round ${round + 1}/${SWIPES}, like rate ${(likes / dealt).toFixed(3)}`,
    );
  }
  process.stdout.write('\n');
  const ids = [...deck.keys()];
  const share = (l: Map<string, number>, d: Map<string, number>, id: string) =>
    (l.get(id) ?? 0) / Math.max(1, d.get(id) ?? 0);
  const quality = ids.map((id) => deck.get(id)?.quality ?? 0);
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p: number) => Number((sorted[Math.floor(p * (sorted.length - 1))] ?? 0).toFixed(2));
  return {
    policy,
    deals: dealt,
    likeRate: Number((likes / dealt).toFixed(4)),
    giniOfDealsPerTrack: Number(gini([...dealsOf.values()]).toFixed(4)),
    dealsUntilEveryTrackHadFirstListens: firstListensAt,
    verdictRankCorrelation: Number(
      spearman(
        ids.map((id) => share(likesOf, dealsOf, id)),
        quality,
      ).toFixed(4),
    ),
    uniformShareVerdictCorrelation:
      uniformDeals.size > 0
        ? Number(
            spearman(
              ids.map((id) => share(uniformLikes, uniformDeals, id)),
              quality,
            ).toFixed(4),
          )
        : null,
    policies,
    pickMs: { p50: q(0.5), p99: q(0.99) },
    seconds: Math.round((performance.now() - began) / 100) / 10,
  };
}

/** Forgets a run: its deals and likes, the counts, the deck's likes. */
async function reset(db: Db, deckIds: string[]): Promise<void> {
  await db.query(`delete from track_interactions where track_id = any($1::uuid[])`, [deckIds]);
  await db.exec(`delete from deals; update deck_exposure set deal_count = 0 where deal_count <> 0;`);
  await db.query(`update tracks set likes = 0, dislikes = 0 where id = any($1::uuid[])`, [deckIds]);
  await db.exec('vacuum analyze deck_exposure, deals, track_interactions, tracks');
}

const cluster = await benchCluster();
try {
  const db = await openDatabase({ kind: 'postgres', url: cluster.url });
  await migrate(db);
  const generation = performance.now();
  await generateDataset(db, DATASET_S);
  const generatedInSeconds = Math.round((performance.now() - generation) / 1000);
  // The deck: DECK of dataset S's featured tracks, the rest taken out of it.
  await db.query(
    `update tracks set featured_in_player = false where featured_in_player and id not in (
       select id from tracks where featured_in_player and not is_deleted order by id limit $1)`,
    [DECK],
  );
  const random = seeded(2029);
  const rows = await db.query<{
    track_id: string;
    genre: string;
    bpm: number;
    key_camelot: string;
    energy: DeckTrack['energy'];
    brightness_hz: number;
  }>(`select track_id, genre, bpm, key_camelot, energy, brightness_hz from deck_exposure where in_deck`);
  const deck = new Map(
    rows.map((r) => [
      r.track_id,
      {
        id: r.track_id,
        genre: r.genre,
        bpm: r.bpm,
        minor: r.key_camelot.endsWith('A'),
        energy: r.energy,
        brightness: r.brightness_hz,
        quality: normal(random),
      },
    ]),
  );
  const clusters = Array.from({ length: CLUSTERS }, () => clusterOf(random));
  const listeners = (
    await db.query<{ id: string }>(
      `select id from profiles where role = 'listener' and id <> '00000000-0000-4000-c000-000000000000'
       order by id limit ${LISTENERS}`,
    )
  ).map((r) => r.id);
  console.log(
    `dataset S in ${generatedInSeconds} s; deck of ${deck.size}; ${listeners.length} listeners × ${SWIPES} swipes`,
  );
  const deckIds = [...deck.keys()];
  await reset(db, deckIds);
  const today = await simulate(db, listeners, deck, clusters, 'today');
  await reset(db, deckIds);
  const radar = await simulate(db, listeners, deck, clusters, 'radar');
  await db.close();

  const lift = radar.likeRate / today.likeRate - 1;
  const checks = {
    likeRateAtLeastPlus25Percent: lift >= 0.25,
    giniNoHigher: radar.giniOfDealsPerTrack <= today.giniOfDealsPerTrack,
    firstListensAsFast:
      radar.dealsUntilEveryTrackHadFirstListens !== null &&
      today.dealsUntilEveryTrackHadFirstListens !== null &&
      radar.dealsUntilEveryTrackHadFirstListens <= today.dealsUntilEveryTrackHadFirstListens,
    verdictCorrelationWithin0_02: radar.verdictRankCorrelation >= today.verdictRankCorrelation - 0.02,
  };
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      node: process.version,
      loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    },
    database: 'PostgreSQL (Debian), throwaway cluster, shared_buffers=256MB',
    dataset: { name: 'S', generatedInSeconds, deck: deck.size, listeners: listeners.length, swipes: SWIPES },
    radarBand: BAND,
    model: `${CLUSTERS} hidden taste clusters over genre, tempo, energy, mode and brightness; hidden quality N(0, 1); like log-odds ${BASE_LOG_ODDS} + 0.8 quality + affinity + N(0, 0.4)`,
    today,
    radar,
    likeRateLift: Number(lift.toFixed(3)),
    checks,
    pass: Object.values(checks).every(Boolean),
  };
  writeFileSync(
    path.join(import.meta.dirname, 'results', process.env.OUT ?? 'blind-radar-simulation.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  const row = (name: string, ...cells: unknown[]) => {
    console.log(`${name.padEnd(36)}${cells.map((c) => String(c).padEnd(16)).join('')}`);
  };
  row('', "today's deck", 'Blind Radar');
  row('like rate per deal', today.likeRate, radar.likeRate);
  row('Gini of deals per track', today.giniOfDealsPerTrack, radar.giniOfDealsPerTrack);
  row(
    'deals until every track had 50',
    today.dealsUntilEveryTrackHadFirstListens,
    radar.dealsUntilEveryTrackHadFirstListens,
  );
  row('verdict rank correlation', today.verdictRankCorrelation, radar.verdictRankCorrelation);
  row(
    'pick p50 / p99 ms',
    `${today.pickMs.p50} / ${today.pickMs.p99}`,
    `${radar.pickMs.p50} / ${radar.pickMs.p99}`,
  );
  console.log(JSON.stringify(checks), report.pass ? 'PASS' : 'FAIL');
} finally {
  cluster.stop();
}
