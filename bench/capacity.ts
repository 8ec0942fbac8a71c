// What one listening event costs the database (issue 33 item 7): the bytes a deal, a grant, a
// rating and their points leave in each table and index, and the WAL each step writes, through
// the real statements on PostgreSQL over dataset S. docs/capacity.md scales these to a million
// daily listeners; this file is the "measured" half of it.
//   npx tsx bench/capacity.ts        (writes bench/results/capacity.json; DEALS to change 20,000)
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { DEAL_RULES } from '@klang/domain';
import { openDatabase, type Db } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { createLoyaltyService } from '../server/src/modules/loyalty/loyalty.service';
import { createPlayerRepository, NO_FILTER } from '../server/src/modules/player/player.repository';
import { DATASET_S, generateDataset } from './lib/dataset';
import { benchCluster } from './lib/load';

const DEALS = Number(process.env.DEALS ?? 20_000);
/** Of the deals measured, the share liked; the rest are skipped (dataset S's own rate is near it). */
const LIKE_SHARE = 0.2;
const TABLES = [
  'deals',
  'track_interactions',
  'stream_grants',
  'playback_grants',
  'point_awards',
  'deck_exposure',
];

const lsn = async (db: Db): Promise<string> =>
  (await db.query<{ at: string }>('select pg_current_wal_lsn()::text as at'))[0]?.at ?? '0/0';
const walSince = async (db: Db, from: string): Promise<number> =>
  Number(
    (
      await db.query<{ n: string }>('select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::bigint as n', [from])
    )[0]?.n ?? 0,
  );

/** Each table's rows, heap bytes and index bytes (its own indexes, each named), after a vacuum. */
async function sizes(db: Db) {
  await db.exec(`vacuum (analyze) ${TABLES.join(', ')}`);
  const out: Record<string, { rows: number; heapBytes: number; indexes: Record<string, number> }> = {};
  for (const table of TABLES) {
    const [row] = await db.query<{ rows: string; heap: string }>(
      `select (select count(*) from ${table})::bigint as rows, pg_table_size('${table}')::bigint as heap`,
    );
    const indexes = await db.query<{ name: string; bytes: string }>(
      `select indexrelid::regclass::text as name, pg_relation_size(indexrelid)::bigint as bytes
       from pg_index where indrelid = '${table}'::regclass order by 1`,
    );
    out[table] = {
      rows: Number(row?.rows ?? 0),
      heapBytes: Number(row?.heap ?? 0),
      indexes: Object.fromEntries(indexes.map((index) => [index.name, Number(index.bytes)])),
    };
  }
  return out;
}

function perRow(before: Awaited<ReturnType<typeof sizes>>, after: Awaited<ReturnType<typeof sizes>>) {
  return Object.fromEntries(
    TABLES.map((table) => {
      const a = after[table];
      const b = before[table];
      if (!a || !b) return [table, null];
      const rows = a.rows - b.rows;
      const indexBytes = (s: typeof a) => Object.values(s.indexes).reduce((sum, n) => sum + n, 0);
      return [
        table,
        {
          rowsAdded: rows,
          heapBytesPerRow: rows > 0 ? Math.round((a.heapBytes - b.heapBytes) / rows) : null,
          indexBytesPerRow: rows > 0 ? Math.round((indexBytes(a) - indexBytes(b)) / rows) : null,
          heapBytesPerRowAll: a.rows > 0 ? Math.round(a.heapBytes / a.rows) : null,
          indexBytesPerRowAll: a.rows > 0 ? Math.round(indexBytes(a) / a.rows) : null,
        },
      ];
    }),
  );
}

const started = Date.now();
const loadBefore = loadavg();
const cluster = await benchCluster();
try {
  const db = await openDatabase({ kind: 'postgres', url: cluster.url });
  await migrate(db);
  await generateDataset(db, { ...DATASET_S, heavyLikes: 0 });
  await db.exec('update tracks set duration_ms = 120000 + (random() * 180000)::int');
  await db.exec('checkpoint');
  const listeners = (
    await db.query<{ id: string }>(`select id from profiles where role = 'listener' order by id limit 2000`)
  ).map((row) => row.id);
  const repo = createPlayerRepository(db);
  const loyalty = createLoyaltyService();
  const award = loyalty.trackAwardStatementPart(['swipe', 'like'], {
    user: '$1',
    track: '(select track_id from liked)',
    when: 'exists (select 1 from liked) and (select heard from deal)',
    firstParam: 6,
  });

  const before = await sizes(db);
  const wal = { deal: 0, grant: 0, serve: 0, like: 0, skip: 0 };
  const counts = { deal: 0, like: 0, skip: 0 };
  for (let i = 0; i < DEALS; i++) {
    const userId = listeners[i % listeners.length] ?? '';
    const at = new Date(Date.now() - 60_000);
    let mark = await lsn(db);
    const dealt = await repo.dealCandidate({
      userId,
      currentAlias: null,
      r: Math.random(),
      dealtAt: at,
      firstListens: DEAL_RULES.firstListensDefault,
      filter: NO_FILTER,
    });
    if (!dealt) continue;
    wal.deal += await walSince(db, mark);
    counts.deal += 1;
    const [deal] = await db.query<{ track_id: string }>('select track_id from deals where id = $1', [
      dealt.alias,
    ]);
    const grantId = randomUUID();
    mark = await lsn(db);
    await repo.recordGrant(
      userId,
      grantId,
      { id: deal?.track_id ?? '', dealId: dealt.alias, durationMs: dealt.durationMs },
      at,
      new Date(at.getTime() + 600_000),
      true,
    );
    wal.grant += await walSince(db, mark);
    mark = await lsn(db);
    await repo.markServed(grantId, at);
    wal.serve += await walSince(db, mark);
    mark = await lsn(db);
    if (Math.random() < LIKE_SHARE) {
      await repo.insertLikeWithReveal(userId, dealt.alias, false, new Date(), 30_000, award);
      wal.like += await walSince(db, mark);
      counts.like += 1;
    } else {
      await repo.endDealAsSkip(dealt.alias, new Date(), 10_000);
      await repo.insertInteraction(userId, deal?.track_id ?? '', 'dislike', false);
      wal.skip += await walSince(db, mark);
      counts.skip += 1;
    }
  }
  const after = await sizes(db);
  const result = {
    at: new Date(started).toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    machine: { cores: cpus().length, loadAverageBefore: loadBefore, loadAverageAfter: loadavg() },
    dataset: 'S (100,000 tracks, 10,000 users, 100 interactions each), track lengths 2–5 min',
    events: counts,
    walBytesPerEvent: {
      deal: Math.round(wal.deal / counts.deal),
      grant: Math.round(wal.grant / counts.deal),
      firstServe: Math.round(wal.serve / counts.deal),
      like: Math.round(wal.like / Math.max(1, counts.like)),
      skip: Math.round(wal.skip / Math.max(1, counts.skip)),
    },
    tables: perRow(before, after),
    note: 'WAL includes full-page images after the checkpoint before the run; sizes after vacuum (analyze), which does not shrink the heap',
  };
  writeFileSync(
    path.join(import.meta.dirname, 'results', 'capacity.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify(result, null, 2));
  await db.close();
} finally {
  cluster.stop();
}
