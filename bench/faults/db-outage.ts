// Item 3, database outage: PostgreSQL stopped (fast shutdown) for OUTAGE_SECONDS under a steady
// listener load of likes and next-track requests. The API must answer 503 with the clear body (no
// 500, no hang), /api/health must say the database is down, service must return within 5 s of
// the database, and no like answered 200 may be lost nor one answered otherwise half-applied.
import { migrate } from '../../server/src/db/migrate';
import { generateDataset } from '../lib/dataset';
import type { Battery } from './harness';
import { playerEndpoints, healthEndpoints, entryUrl } from '@klang/domain';
import { check, ledgerDrift, likeLedger, listenersWithGrants, percentile, sleep } from './harness';

const OUTAGE_MS = Number(process.env.OUTAGE_SECONDS ?? 30) * 1000;
const WARM_MS = 5000;
const AFTER_MS = 10_000;
const CONCURRENCY = 8;
/** A request that takes longer than this counts as hung. */
const HANG_MS = 10_000;

interface Answer {
  at: number;
  ms: number;
  status: number;
  code?: string;
  kind: 'like' | 'next';
  pair?: { userId: string; trackId: string };
}

export async function dbOutage(battery: Battery) {
  const cluster = await battery.postgres();
  const db = await battery.database(cluster.url);
  await migrate(db);
  await generateDataset(db, { tracks: 2000, users: 400, interactionsPerUser: 5, heavyLikes: 10 });
  const { pairs, cookies } = await listenersWithGrants(db, 200, 40);
  const before = await likeLedger(
    db,
    [...new Set(pairs.map((p) => p.trackId))],
    [...new Set(pairs.map((p) => p.userId))],
  );
  await db.close();

  const server = await battery.klang('server', {
    env: { DATABASE_URL: cluster.url, RATE_LIMITS: 'off' },
  });

  const answers: Answer[] = [];
  const health: { at: number; status: string; databaseReachable: boolean; ready: number }[] = [];
  const started = performance.now();
  const now = () => performance.now() - started;
  const run = { stopped: false };
  let nextPair = 0;

  async function one(kind: 'like' | 'next') {
    const pair = kind === 'like' ? pairs[nextPair++ % pairs.length] : undefined;
    const cookie = pair?.cookie ?? cookies[Math.floor(Math.random() * cookies.length)] ?? '';
    const at = now();
    const res = await fetch(
      server.base +
        (kind === 'like'
          ? entryUrl(playerEndpoints.likeTrack, { params: { trackId: pair?.alias ?? '' } })
          : entryUrl(playerEndpoints.nextTrack)),
      {
        method: kind === 'like' ? playerEndpoints.likeTrack.method : playerEndpoints.nextTrack.method,
        headers: { cookie, ...(kind === 'like' && { 'content-type': 'application/json' }) },
        ...(kind === 'like' && { body: '{"addToLibrary":false}' }),
        signal: AbortSignal.timeout(HANG_MS),
      },
    ).catch(() => undefined);
    const body = res ? ((await res.json().catch(() => ({}))) as { error?: { code?: string } }) : {};
    answers.push({
      at,
      ms: now() - at,
      status: res?.status ?? 0,
      ...(body.error?.code && { code: body.error.code }),
      kind,
      ...(pair && { pair: { userId: pair.userId, trackId: pair.trackId } }),
    });
  }

  const loops = Array.from({ length: CONCURRENCY }, async (_, i) => {
    while (!run.stopped && nextPair < pairs.length) {
      await one(i % 2 === 0 ? 'like' : 'next');
      // A steady load, not a flood: a 503 returns at once, and the loop must not spin on it.
      await sleep(20);
    }
  });
  const probe = (async () => {
    while (!run.stopped) {
      const at = now();
      const h = (await fetch(server.base + entryUrl(healthEndpoints.health), {
        signal: AbortSignal.timeout(HANG_MS),
      })
        .then((r) => r.json())
        .catch(() => ({}))) as { status?: string; databaseReachable?: boolean };
      const ready = await fetch(server.base + entryUrl(healthEndpoints.readiness), {
        signal: AbortSignal.timeout(HANG_MS),
      })
        .then((r) => r.status)
        .catch(() => 0);
      health.push({ at, status: h.status ?? 'none', databaseReachable: h.databaseReachable ?? false, ready });
      await sleep(500);
    }
  })();

  await sleep(WARM_MS);
  const haltAt = now();
  cluster.halt();
  console.log(`  database stopped at ${(haltAt / 1000).toFixed(1)} s`);
  await sleep(OUTAGE_MS);
  cluster.resume();
  const resumeAt = now();
  console.log(`  database back at ${(resumeAt / 1000).toFixed(1)} s`);
  await sleep(AFTER_MS);
  run.stopped = true;
  await Promise.all([...loops, probe]);
  await server.stop();

  const check2 = await battery.database(cluster.url);
  const during = answers.filter((a) => a.at > haltAt + 1000 && a.at + a.ms < resumeAt);
  const recovered = answers.find((a) => a.at > resumeAt && a.status === 200);
  const recoveryMs = recovered ? recovered.at + recovered.ms - resumeAt : Infinity;
  const afterRecovery = answers.filter((a) => a.at > resumeAt + 5000);
  const liked200 = answers.filter((a) => a.kind === 'like' && a.status === 200 && a.pair);
  const present = new Set(
    (
      await check2.query<{ key: string }>(
        `select user_id || ':' || track_id as key from track_interactions
         where interaction_type = 'like' and (user_id, track_id) in (select * from unnest($1::uuid[], $2::uuid[]))`,
        [liked200.map((a) => a.pair?.userId), liked200.map((a) => a.pair?.trackId)],
      )
    ).map((r) => r.key),
  );
  const lost = liked200.filter(
    (a) => !present.has(`${a.pair?.userId ?? ''}:${a.pair?.trackId ?? ''}`),
  ).length;
  const after = await likeLedger(
    check2,
    [...before.keys()].filter((id) => pairs.some((p) => p.trackId === id)),
    [...new Set(pairs.map((p) => p.userId))],
  );
  const drift = ledgerDrift(before, after);
  const healthDuring = health.filter((h) => h.at > haltAt + 2000 && h.at < resumeAt);
  const statuses = (list: Answer[]) =>
    list.reduce<Record<string, number>>((acc, a) => {
      const key = a.status === 0 ? 'no answer' : String(a.status);
      acc[key] = (acc[key] ?? 0) + 1;
      return acc;
    }, {});

  const checks = [
    check(
      'during the outage every answer is a 503 UNAVAILABLE',
      during.length > 0 && during.every((a) => a.status === 503 && a.code === 'UNAVAILABLE'),
      statuses(during),
    ),
    check(
      'no request hangs (max latency during the outage < 10 s)',
      Math.max(...during.map((a) => a.ms)) < HANG_MS,
      {
        maxMs: Math.round(Math.max(...during.map((a) => a.ms))),
        p99Ms: Math.round(
          percentile(
            during.map((a) => a.ms),
            99,
          ),
        ),
      },
    ),
    check(
      'no 500 at any time',
      answers.every((a) => a.status !== 500),
      statuses(answers),
    ),
    check(
      '/api/health says the database is down, readiness 503',
      healthDuring.length > 0 &&
        healthDuring.every((h) => h.status === 'degraded' && !h.databaseReachable && h.ready === 503),
      { polls: healthDuring.length, degraded: healthDuring.filter((h) => h.status === 'degraded').length },
    ),
    check('service returns within 5 s of the database', recoveryMs <= 5000, {
      recoveryMs: Math.round(recoveryMs),
    }),
    check(
      'every request from 5 s after the return succeeds',
      afterRecovery.length > 0 && afterRecovery.every((a) => a.status === 200),
      statuses(afterRecovery),
    ),
    // Likes must have been accepted at all, or "none lost" says nothing (a like naming a track by
    // anything but its deal's alias is refused since issue 18).
    check('no like answered 200 is lost (and likes were answered 200)', lost === 0 && liked200.length > 0, {
      answered200: liked200.length,
      lost,
    }),
    check('no like is half-applied (every counter moved with its rows)', drift.length === 0, {
      countersChecked: after.size,
      drift: drift.length,
      examples: drift.slice(0, 5),
    }),
  ];
  return {
    outageSeconds: OUTAGE_MS / 1000,
    requests: answers.length,
    statuses: statuses(answers),
    checks,
  };
}
