// Hook analytics reads (issue 19 item 5, decision 0200) on PostgreSQL: one artist's track through
// the real service, for a track fifty listeners were dealt and for a hot track every listener of
// dataset S was dealt, and the genre median uncached (the service keeps it for ten minutes).
//   npx tsx bench/hook-analytics.ts        (writes bench/results/hook-analytics.json)
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { HOOKS } from '@klang/domain';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { createHooksRepository } from '../server/src/modules/analytics/hooks.repository';
import { createHooksService } from '../server/src/modules/analytics/hooks.service';
import { DATASET_S, generateDataset } from './lib/dataset';
import { benchCluster } from './lib/load';

const SAMPLES = Number(process.env.SAMPLES ?? 300);
/** The goal set with the feature: an artist's read as fast as a chart read (P4, p99 ≤ 20 ms). */
const GOAL_P99_MS = 20;

function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(3));
  return { n: samples.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function sample(n: number, run: () => Promise<unknown>): Promise<ReturnType<typeof summarise>> {
  for (let i = 0; i < 10; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return summarise(samples);
}

const cluster = await benchCluster();
try {
  const db = await openDatabase({ kind: 'postgres', url: cluster.url });
  await migrate(db);
  const generation = performance.now();
  await generateDataset(db, DATASET_S);
  // Every rating of the dataset becomes a served, ended deal with a position and, for a like, a
  // timing; then one hot track is dealt to every listener.
  await db.exec(`
    select setseed(0.19);
    update tracks set duration_ms = 120000 + (random() * 180000)::int;
    insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms, listened_before_like_ms)
      select i.user_id, i.track_id, s.at, s.at, e.ended_as, s.at + interval '40 seconds',
             (random() * 120000)::int, case when e.ended_as = 'like' then (random() * 90000)::int end
      from track_interactions i
      cross join lateral (select now() - random() * interval '60 days' as at) s
      cross join lateral (select case when i.interaction_type = 'like' then 'like'
                                      when random() < 0.8 then 'skip' else 'left' end as ended_as) e;
    create temporary table hot as
      select id, artist_id, genre from tracks where featured_in_player and not is_deleted order by id limit 1;
    insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms, listened_before_like_ms)
      select p.id, hot.id, s.at, s.at, case when random() < 0.4 then 'like' else 'skip' end, s.at + interval '40 seconds',
             (random() * 120000)::int, (random() * 90000)::int
      from profiles p cross join hot
      cross join lateral (select now() - random() * interval '60 days' as at) s
      where p.role = 'listener';
    create temporary table quiet as
      select t.id, t.artist_id from tracks t, hot
      where t.genre = hot.genre and t.featured_in_player and not t.is_deleted
        and not exists (select 1 from deals d where d.track_id = t.id)
      order by t.id limit 1;
    insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms, listened_before_like_ms)
      select p.id, quiet.id, s.at, s.at, case when random() < 0.4 then 'like' else 'skip' end, s.at + interval '40 seconds',
             (random() * 120000)::int, (random() * 90000)::int
      from (select id from profiles where role = 'listener' order by id limit 50) p cross join quiet
      cross join lateral (select now() - random() * interval '60 days' as at) s;
  `);
  await db.exec('vacuum analyze');
  const generatedInSeconds = Math.round((performance.now() - generation) / 1000);
  const [counts] = await db.query<{ tracks: number; deals: number; genre_deals: number }>(`
    select (select count(*)::int from tracks) as tracks, (select count(*)::int from deals) as deals,
           (select count(*)::int from deals d join tracks t on t.id = d.track_id
            where t.genre = (select genre from hot)) as genre_deals`);
  console.log(`dataset: ${JSON.stringify(counts)} in ${String(generatedInSeconds)} s`);

  const [hot] = await db.query<{ id: string; artist_id: string; genre: string; deals: number }>(
    `select hot.*, (select count(*)::int from deals d where d.track_id = hot.id) as deals from hot`,
  );
  const [ordinary] = await db.query<{ id: string; artist_id: string; deals: number }>(
    `select quiet.*, (select count(*)::int from deals d where d.track_id = quiet.id) as deals from quiet`,
  );
  if (!hot || !ordinary) throw new Error('the dataset has no hot or ordinary track');
  const repository = createHooksRepository(db);
  const service = createHooksService({ repository });
  const first = await service.trackHooks(hot.artist_id, hot.id);
  if (first.status !== 'ready') throw new Error('the hot track should have hook analytics');

  const results = {
    ordinaryTrack: {
      deals: ordinary.deals,
      ...(await sample(SAMPLES, () => service.trackHooks(ordinary.artist_id, ordinary.id))),
    },
    hotTrack: {
      deals: hot.deals,
      ...(await sample(SAMPLES, () => service.trackHooks(hot.artist_id, hot.id))),
    },
    genreMedianUncached: {
      genreDeals: counts?.genre_deals,
      ...(await sample(Math.min(SAMPLES, 20), () => repository.genreLikeRate(hot.genre, HOOKS.minListeners))),
    },
  };
  const pass = results.ordinaryTrack.p99 <= GOAL_P99_MS && results.hotTrack.p99 <= GOAL_P99_MS;
  const record = {
    benchmark: 'hook-analytics',
    recordedAt: new Date().toISOString(),
    goal: `one track's hook analytics through the service, genre median cached: p99 ≤ ${String(GOAL_P99_MS)} ms`,
    pass,
    machine: { cpus: cpus().length, database: 'PostgreSQL (throwaway cluster)' },
    dataset: { ...counts, generatedInSeconds },
    milliseconds: results,
  };
  console.log(JSON.stringify(record, null, 2));
  writeFileSync(
    path.join(import.meta.dirname, 'results', 'hook-analytics.json'),
    `${JSON.stringify(record, null, 2)}\n`,
  );
  await db.close();
} finally {
  cluster.stop();
}
