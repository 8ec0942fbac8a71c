// Items 7 and 2: a graceful stop (SIGTERM with a request in flight and a transcode running) and a
// worker killed with SIGKILL in the middle of a transcode. Both on PostgreSQL with the media on
// a data directory the processes share, as several instances on one host would.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { migrate } from '../../server/src/db/migrate';
import type { Battery } from './harness';
import { healthEndpoints, entryUrl } from '@klang/domain';
import {
  check,
  PORTS,
  processJobs,
  signUpArtist,
  sleep,
  trackStates,
  upload,
  waitFor,
  wav,
  type KlangProcess,
} from './harness';

/** A body that arrives over `ms`, so the request is still in flight when the signal comes. */
function paced(bytes: Buffer, ms: number): ReadableStream<Uint8Array> {
  const chunk = 1024 * 1024;
  const pieces = Math.ceil(bytes.length / chunk);
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent >= pieces) {
        controller.close();
        return;
      }
      await sleep(ms / pieces);
      controller.enqueue(new Uint8Array(bytes.subarray(sent * chunk, (sent + 1) * chunk)));
      sent += 1;
    },
  });
}

/** Files under a local storage bucket, at any depth. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

async function settled(db: Awaited<ReturnType<Battery['database']>>, trackIds: string[], timeoutMs: number) {
  return waitFor(
    'every accepted upload to be ready or failed',
    async () => {
      const states = await trackStates(db, trackIds);
      return states.length === trackIds.length && states.every((s) => s.status !== 'processing')
        ? states
        : undefined;
    },
    timeoutMs,
  );
}

async function setUp(battery: Battery, env: Record<string, string>) {
  const cluster = await battery.postgres();
  const db = await battery.database(cluster.url);
  await migrate(db);
  const shared = {
    DATABASE_URL: cluster.url,
    RATE_LIMITS: 'off',
    DATA_DIR: path.join(battery.work, 'shared-data'),
    ...env,
  };
  return { db, shared, renditions: path.join(shared.DATA_DIR, 'media', 'renditions') };
}

export async function gracefulShutdown(battery: Battery) {
  const delayMs = 500;
  const graceMs = 3000;
  const { db, shared, renditions } = await setUp(battery, {
    SHUTDOWN_DELAY_MS: String(delayMs),
    SHUTDOWN_GRACE_MS: String(graceMs),
    JOB_LEASE_MS: String(10 * 60_000),
  });
  const a = await battery.klang('a', { env: shared });
  const cookie = await signUpArtist(a.base, `shutdown${String(Date.now())}`);

  const running = await upload(a.base, cookie, wav(75, 1), 'Running when stopped');
  if (!running.trackId) throw new Error(`upload refused: ${JSON.stringify(running)}`);
  await waitFor(
    'the transcode to run',
    async () => ((await processJobs(db)).some((j) => j.status === 'running') ? true : undefined),
    60_000,
  );

  const inFlight = upload(a.base, cookie, paced(wav(20, 2), 2000), 'In flight when stopped');
  await sleep(300);
  const signalled = performance.now();
  a.child.kill('SIGTERM');
  const since = () => Math.round(performance.now() - signalled);
  // The signal lands a moment later; readiness must turn before connections are refused.
  const readyWhileDraining = await waitFor(
    'readiness to say draining',
    async () => {
      const res = await fetch(a.base + entryUrl(healthEndpoints.readiness));
      return res.status === 503 ? { afterMs: since(), body: await res.json() } : undefined;
    },
    delayMs,
  ).catch(() => ({ afterMs: -1, body: null }));
  const refusedAfterMs = await waitFor(
    'new connections to be refused',
    () =>
      fetch(a.base + entryUrl(healthEndpoints.health), { headers: { connection: 'close' } }).then(
        () => undefined,
        () => since(),
      ),
    20_000,
  );
  const accepted = await inFlight;
  const exitCode = await a.exited;
  const exitedAfterMs = since();
  const pid = a.child.pid ?? 0;
  const heldByStopped = (await processJobs(db)).filter(
    (j) => j.status === 'running' && j.locked_by?.includes(`:${String(pid)}:`),
  );
  const handedBack = (await processJobs(db)).filter(
    (j) => j.status === 'queued' && j.track_id === running.trackId,
  );

  // Another instance takes over; every accepted upload must reach an end state.
  const b = await battery.klang('b', { port: PORTS.b, env: shared });
  const trackIds = [running.trackId, accepted.trackId].filter((id): id is string => Boolean(id));
  const states = await settled(db, trackIds, 180_000);
  await b.stop();

  const checks = [
    check(
      'readiness answers 503 draining before connections close',
      readyWhileDraining.afterMs >= 0,
      readyWhileDraining,
    ),
    check(
      'new connections are refused after the delay',
      refusedAfterMs >= delayMs && refusedAfterMs < delayMs + 2000,
      {
        refusedAfterMs,
        delayMs,
      },
    ),
    check('the upload in flight at SIGTERM is answered 201', accepted.status === 201, accepted),
    check(
      'the process exits 0 within delay + grace',
      exitCode === 0 && exitedAfterMs < delayMs + graceMs + 2000,
      {
        exitCode,
        exitedAfterMs,
      },
    ),
    check('no job is left running under the stopped process', heldByStopped.length === 0, {
      running: heldByStopped.length,
      handedBackAtShutdown: handedBack.length,
    }),
    check(
      'every accepted upload reaches ready on the next instance',
      states.every((s) => s.status === 'ready'),
      states.map((s) => s.status),
    ),
    check('one rendition per track', filesUnder(renditions).length === trackIds.length, {
      renditionFiles: filesUnder(renditions).length,
      tracks: trackIds.length,
    }),
  ];
  return { delayMs, graceMs, handedBack: handedBack.length > 0, checks };
}

export async function workerKilled(battery: Battery) {
  const leaseMs = 5000;
  // Each of the two artists may run three transcodes at once (decision 0247's per-account limit
  // is one on two cores), so the workers hold some of the six while the server holds others.
  const { db, shared, renditions } = await setUp(battery, {
    JOB_LEASE_MS: String(leaseMs),
    JOB_MEDIA_PER_ACCOUNT: '3',
  });
  const a = await battery.klang('a', { env: shared });
  const workers: KlangProcess[] = [
    await battery.klang('w1', { role: 'worker', env: shared }),
    await battery.klang('w2', { role: 'worker', env: shared }),
  ];
  // Two artists: a free account holds five tracks.
  const artists = [
    await signUpArtist(a.base, `workers${String(Date.now())}a`),
    await signUpArtist(a.base, `workers${String(Date.now())}b`),
  ];
  const trackIds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const result = await upload(a.base, artists[i % 2] ?? '', wav(30, i + 10), `Kill ${String(i)}`);
    if (!result.trackId) throw new Error(`upload refused: ${JSON.stringify(result)}`);
    trackIds.push(result.trackId);
  }
  // Kill a worker (not the server) in the middle of a transcode it holds.
  const { victim, job } = await waitFor(
    'a worker to hold a running transcode',
    async () => {
      for (const job of await processJobs(db)) {
        const victim = workers.find(
          (w) => job.status === 'running' && job.locked_by?.includes(`:${String(w.child.pid)}:`),
        );
        if (victim) return { victim, job };
      }
      return undefined;
    },
    60_000,
  );
  await sleep(300);
  const killedAt = performance.now();
  await victim.stop('SIGKILL');
  const states = await settled(db, trackIds, 240_000);
  const finishedMs = Math.round(performance.now() - killedAt);
  // A track turns ready inside its job; the job row is closed a moment later.
  const jobs = await waitFor(
    'the jobs to close',
    async () => {
      const rows = await processJobs(db);
      return rows.every((j) => j.status !== 'running' && j.status !== 'queued') ? rows : undefined;
    },
    30_000,
  ).catch(() => processJobs(db));
  const killedJob = jobs.find((j) => j.id === job.id);
  for (const w of workers) if (w !== victim) await w.stop();
  await a.stop();

  const renditionFiles = filesUnder(renditions).length;
  const keys = states.map((s) => s.rendition_key);
  const checks = [
    check(
      '0 jobs stuck: every job succeeded',
      jobs.every((j) => j.status === 'succeeded'),
      jobs.map((j) => j.status),
    ),
    check(
      'the killed job was taken again after its lease and finished',
      killedJob?.status === 'succeeded' && killedJob.attempts === 2,
      {
        attempts: killedJob?.attempts,
        finishedAfterKillMs: finishedMs,
        leaseMs,
      },
    ),
    check(
      'every track is ready',
      states.every((s) => s.status === 'ready'),
      states.map((s) => s.status),
    ),
    check(
      'no track transcoded into two renditions',
      renditionFiles === trackIds.length && new Set(keys).size === trackIds.length,
      { renditionFiles, tracks: trackIds.length, distinctKeys: new Set(keys).size },
    ),
  ];
  return { leaseMs, tracks: trackIds.length, checks };
}
