// Items 5 and 6: mixed load against Klang. `scale-out` runs two instances and two workers on one
// PostgreSQL behind a round-robin proxy on loopback; `soak` runs one instance for SOAK_SECONDS on
// PostgreSQL and then on PGlite, sampling RSS and event-loop delay inside the server.
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import { openDatabase, type Db } from '../../server/src/db/client';
import { migrate } from '../../server/src/db/migrate';
import { generateDataset } from '../lib/dataset';
import {
  check,
  ledgerDrift,
  likeLedger,
  listenersWithGrants,
  percentile,
  PORTS,
  processJobs,
  signUpArtist,
  sleep,
  upload,
  waitFor,
  wav,
  type Battery,
} from './harness';

const DATASET = { tracks: 5000, users: 1000, interactionsPerUser: 10, heavyLikes: 10 };

/** A round-robin HTTP proxy on loopback: request n goes to upstream n mod k. */
function roundRobinProxy(port: number, upstreams: number[]): Promise<Server> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const target = upstreams[next++ % upstreams.length] ?? 0;
    const forward = request(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      resolve(server);
    }),
  );
}

interface Sample {
  route: string;
  at: number;
  ms: number;
  status: number;
}

/**
 * Listeners liking served tracks, asking for the next one and for a playback URL, and reading
 * the chart, CONCURRENCY at a time, until `until`. Returns every answer.
 */
async function listenerLoad(
  base: string,
  listeners: Awaited<ReturnType<typeof listenersWithGrants>>,
  until: number,
  concurrency = 8,
) {
  const samples: Sample[] = [];
  let nextPair = 0;
  const started = performance.now();
  const routes = ['like', 'next', 'secure', 'chart'] as const;
  const loops = Array.from({ length: concurrency }, async (_, i) => {
    for (let n = i; performance.now() < until; n++) {
      const route = routes[n % routes.length] ?? 'next';
      const pair = listeners.pairs[(route === 'like' ? nextPair++ : n) % listeners.pairs.length];
      if (!pair) break;
      const init: RequestInit =
        route === 'like'
          ? { method: 'POST', body: '{"addToLibrary":false}' }
          : route === 'secure'
            ? { method: 'POST', body: JSON.stringify({ trackId: pair.trackId }) }
            : { method: 'GET' };
      const url =
        route === 'like'
          ? `/api/tracks/${pair.trackId}/like`
          : route === 'secure'
            ? '/functions/v1/secure-track-access'
            : route === 'chart'
              ? '/api/charts?genre=Techno'
              : '/api/player/next';
      const at = performance.now();
      const res = await fetch(`${base}${url}`, {
        ...init,
        headers: {
          cookie: pair.cookie,
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
        },
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
      await res?.arrayBuffer().catch(() => undefined);
      samples.push({ route, at: at - started, ms: performance.now() - at, status: res?.status ?? 0 });
      await sleep(5);
    }
  });
  await Promise.all(loops);
  return samples;
}

function errorRate(samples: Sample[]) {
  const errors = samples.filter((s) => s.status === 0 || s.status >= 500).length;
  return { requests: samples.length, errors, rate: samples.length ? errors / samples.length : 0 };
}

export async function scaleOut(battery: Battery) {
  const seconds = Number(process.env.SCALE_SECONDS ?? 600);
  const cluster = await battery.postgres();
  const db = await battery.database(cluster.url);
  await migrate(db);
  await generateDataset(db, DATASET);
  const listeners = await listenersWithGrants(db, 300, 30);
  const before = await likeLedger(
    db,
    [...new Set(listeners.pairs.map((p) => p.trackId))],
    [...new Set(listeners.pairs.map((p) => p.userId))],
  );
  const env = {
    DATABASE_URL: cluster.url,
    DATA_DIR: path.join(battery.work, 'shared-data'),
    JOB_LEASE_MS: '60000',
  };
  await battery.klang('a', { port: PORTS.a, env });
  await battery.klang('b', { port: PORTS.b, env });
  await battery.klang('w1', { role: 'worker', env });
  await battery.klang('w2', { role: 'worker', env });
  const proxy = await roundRobinProxy(PORTS.proxy, [PORTS.a, PORTS.b]);
  battery.onClose(
    () =>
      new Promise<void>((resolve) =>
        proxy.close(() => {
          resolve();
        }),
      ),
  );
  const base = `http://127.0.0.1:${String(PORTS.proxy)}`;

  const until = performance.now() + seconds * 1000;
  const artists = [
    await signUpArtist(base, `scale${String(Date.now())}a`),
    await signUpArtist(base, `scale${String(Date.now())}b`),
  ];
  const uploads = (async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10 && performance.now() < until; i++) {
      const result = await upload(base, artists[i % 2] ?? '', wav(2, i + 40), `Scale ${String(i)}`);
      if (result.trackId) ids.push(result.trackId);
      await sleep((seconds * 1000) / 12);
    }
    return ids;
  })();
  const [samples, uploaded] = await Promise.all([listenerLoad(base, listeners, until), uploads]);

  // Rate limits across instances: one listener's likes alternate between the two instances;
  // the like allows 120 a minute per account, wherever they land.
  const burst = listeners.pairs.filter((p) => p.userId === listeners.pairs.at(-1)?.userId);
  const burstStatuses: number[] = [];
  for (let i = 0; i < 130; i++) {
    const pair = burst[i % burst.length];
    const res = await fetch(`${base}/api/tracks/${pair?.trackId ?? ''}/like`, {
      method: 'POST',
      headers: { cookie: pair?.cookie ?? '', 'content-type': 'application/json' },
      body: '{"addToLibrary":false}',
    });
    burstStatuses.push(res.status);
  }
  const states = await waitFor(
    'the uploads to be processed',
    async () => {
      const jobs = await processJobs(db);
      return jobs.length >= uploaded.length && jobs.every((j) => j.status === 'succeeded') ? jobs : undefined;
    },
    120_000,
  ).catch(() => processJobs(db));
  const after = await likeLedger(
    db,
    [...before.keys()].filter((id) => listeners.pairs.some((p) => p.trackId === id)),
    [...new Set(listeners.pairs.map((p) => p.userId))],
  );
  const drift = ledgerDrift(before, after);
  const accepted = burstStatuses.filter((s) => s === 200).length;

  const checks = [
    check('error rate under load < 0.1 %', errorRate(samples).rate < 0.001, errorRate(samples)),
    check('every like counter equals the count of its rows', drift.length === 0, {
      counters: after.size,
      drift: drift.length,
      examples: drift.slice(0, 3),
    }),
    check(
      'no job ran twice',
      states.every((j) => j.status === 'succeeded' && j.attempts === 1),
      {
        jobs: states.length,
        attempts: states.map((j) => j.attempts),
      },
    ),
    check(
      'the like limit holds across instances (≤ 120 a minute per account)',
      accepted <= 120 && burstStatuses.includes(429),
      {
        accepted,
        limited: burstStatuses.filter((s) => s === 429).length,
      },
    ),
  ];
  return {
    seconds,
    shortened: seconds < 600,
    notCovered: 'forum voting and duplicated, out-of-order webhooks are not part of this load yet',
    checks,
  };
}

/** The soak on one database kind: load for `seconds`, with the server's own RSS and loop delay. */
async function soakOn(battery: Battery, kind: 'postgres' | 'pglite', seconds: number) {
  const dataDir = path.join(battery.work, `soak-${kind}`);
  let url = '';
  let db: Db;
  if (kind === 'postgres') {
    const cluster = await battery.postgres();
    url = cluster.url;
    db = await openDatabase({ kind: 'postgres', url });
  } else {
    db = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  }
  await migrate(db);
  await generateDataset(db, DATASET);
  const listeners = await listenersWithGrants(db, 300, 40);
  await db.close();

  const probe = path.join(battery.work, `loop-delay-${kind}.jsonl`);
  const server = await battery.klang(`soak-${kind}`, {
    env: { ...(url && { DATABASE_URL: url }), DATA_DIR: dataDir, RATE_LIMITS: 'off', LOOP_DELAY_FILE: probe },
    nodeArgs: ['--import', path.join(import.meta.dirname, 'loop-delay.mjs')],
  });
  await sleep(3000);
  const idle =
    readFileSync(probe, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { rssMiB: number })
      .at(-1)?.rssMiB ?? 0;
  const startedAt = Date.now();
  const samples = await listenerLoad(server.base, listeners, performance.now() + seconds * 1000);
  await server.stop();

  const probes = readFileSync(probe, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { at: number; p99Ms: number; maxMs: number; rssMiB: number })
    .filter((p) => p.at >= startedAt);
  const warm = seconds * 1000 * 0.2;
  const afterWarm = probes.filter((p) => p.at - startedAt >= warm);
  const rssAfterWarm = afterWarm[0]?.rssMiB ?? 0;
  const rssEnd = afterWarm.at(-1)?.rssMiB ?? 0;
  const listenerRoutes = samples.filter((s) => s.at >= warm);
  const third = (seconds * 1000 - warm) / 3;
  const p99Of = (from: number, to: number) =>
    Math.round(
      percentile(
        listenerRoutes.filter((s) => s.at >= from && s.at < to).map((s) => s.ms),
        99,
      ),
    );
  const p99First = p99Of(warm, warm + third);
  const p99Last = p99Of(warm + 2 * third, seconds * 1000 + 1);
  const loopP99 = percentile(
    afterWarm.map((p) => p.p99Ms),
    99,
  );
  return {
    seconds,
    errors: errorRate(samples),
    idleRssMiB: idle,
    peakRssMiB: Math.max(...probes.map((p) => p.rssMiB)),
    rssAfterWarmMiB: rssAfterWarm,
    rssEndMiB: rssEnd,
    loopDelayP99Ms: +loopP99.toFixed(1),
    listenerP99Ms: { firstThird: p99First, lastThird: p99Last },
    pass: {
      errorRate: errorRate(samples).rate < 0.001,
      rssGrowth: rssEnd <= rssAfterWarm * 1.1,
      loopDelay: loopP99 <= 50,
      p99NotDrifting: p99Last <= p99First * 1.25 + 2,
    },
  };
}

export async function soak(battery: Battery) {
  const pgSeconds = Number(process.env.SOAK_SECONDS ?? 1800);
  const pgliteSeconds = Number(process.env.SOAK_PGLITE_SECONDS ?? 600);
  const postgres = await soakOn(battery, 'postgres', pgSeconds);
  const pglite = await soakOn(battery, 'pglite', pgliteSeconds);
  const checks = (['postgres', 'pglite'] as const).flatMap((kind) => {
    const r = kind === 'postgres' ? postgres : pglite;
    return [
      check(`${kind}: error rate < 0.1 %`, r.pass.errorRate, r.errors),
      check(`${kind}: RSS growth ≤ 10 % after warm-up`, r.pass.rssGrowth, {
        from: r.rssAfterWarmMiB,
        to: r.rssEndMiB,
      }),
      check(`${kind}: event-loop delay p99 ≤ 50 ms`, r.pass.loopDelay, { p99Ms: r.loopDelayP99Ms }),
      check(`${kind}: listener p99 not drifting up`, r.pass.p99NotDrifting, r.listenerP99Ms),
    ];
  });
  return {
    postgres,
    pglite,
    shortened: pgSeconds < 1800 || pgliteSeconds < 600,
    checks,
  };
}
