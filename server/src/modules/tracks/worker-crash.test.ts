/**
 * Crash during processing (performance-and-security B9 #10): a real job worker process
 * (`src/worker.ts`) is killed with SIGKILL at a random moment of an upload's transcode, twenty
 * times; a restarted worker must then finish every track, with no stuck job, no half-written
 * rendition and no orphan file. Two processes share the queue only on PostgreSQL, so this runs
 * in the PostgreSQL pass of the suite (`npm run test:pg`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signUp } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { makeWav } from '../../test/test-audio';
import { PROCESS_TRACK_JOB } from './tracks.jobs';

const TRIALS = Number(process.env.CRASH_TRIALS ?? 20);
const WORKER = path.resolve(import.meta.dirname, '../../worker.ts');

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

function startWorker(leaseMs: number): ChildProcess {
  const url = t.db.url;
  if (!url) throw new Error('a PostgreSQL test database expected');
  return spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: t.dataDir,
      DATABASE_URL: url,
      JOB_LEASE_MS: String(leaseMs),
      // Each killed worker's job keeps its lease for ten minutes and counts as running for the
      // artist, so the media lane's per-account limit (decision 0247) must not hold the next one.
      JOB_MEDIA_PER_ACCOUNT: '64',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => {
        child.once('exit', () => {
          resolve();
        });
      });
}

async function jobOf(trackId: string) {
  const [job] = await t.db.query<{ status: string; attempts: number }>(
    'select status, attempts from jobs where kind = $1 and payload->>$2 = $3',
    [PROCESS_TRACK_JOB, 'trackId', trackId],
  );
  return job;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(10);
  }
}

async function filesUnder(bucket: string): Promise<string[]> {
  if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
  const root = path.join(t.config.storage.dir, bucket);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe.runIf(process.env.TEST_DATABASE_URL)('a job worker process killed mid-transcode', () => {
  it(`recovers all of ${String(TRIALS)} tracks: no stuck job, no half-written or orphan rendition`, async () => {
    const artist = await signUp(t.app, 'artist');
    // Pro: twenty uploads are past a free artist's limit of five.
    await t.db.query("update artist_profiles set subscription_tier = 'pro' where id = $1", [artist.id]);
    const trackIds: string[] = [];
    let killedMidJob = 0;

    for (let trial = 0; trial < TRIALS; trial++) {
      const upload = await t.app.inject({
        method: 'POST',
        url: `/api/tracks?title=Crash%20${String(trial)}&genre=Drum%20n%20Bass`,
        payload: makeWav(20, 220 + trial * 10),
        headers: { cookie: artist.cookie, 'content-type': 'application/octet-stream' },
        remoteAddress: nextAddress(),
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const trackId = upload.json<{ track: { id: string } }>().track.id;
      trackIds.push(trackId);

      // The default lease: this worker never reruns an earlier trial's job, only its own.
      const worker = startWorker(10 * 60_000);
      await until(
        () => jobOf(trackId),
        (job) => job?.status !== 'queued',
        'the worker to claim the job',
      );
      await sleep(Math.random() * 150);
      worker.kill('SIGKILL');
      await exited(worker);
      if ((await jobOf(trackId))?.status === 'running') killedMidJob += 1;
    }
    // The kill lands inside the transcode (a 20 s WAV takes longer than 150 ms) nearly always.
    expect(killedMidJob).toBeGreaterThanOrEqual(TRIALS / 2);

    // The restart: a worker whose short lease takes the dead workers' jobs as theirs to rerun.
    const restarted = startWorker(1000);
    try {
      await until(
        () =>
          t.db.query(
            "select status, attempts from jobs where kind = $1 and status in ('queued', 'running')",
            [PROCESS_TRACK_JOB],
          ),
        (open) => open.length === 0,
        'every job to finish',
      );
    } finally {
      restarted.kill('SIGTERM');
      await exited(restarted);
    }

    const tracks = await t.db.query<{ status: string; rendition_key: string }>(
      'select status, rendition_key from tracks where id = any($1::uuid[])',
      [trackIds],
    );
    expect(tracks.map((track) => track.status)).toEqual(trackIds.map(() => 'ready'));
    const jobs = await t.db.query<{ status: string }>('select status from jobs where kind = $1', [
      PROCESS_TRACK_JOB,
    ]);
    expect(jobs.map((job) => job.status)).toEqual(trackIds.map(() => 'succeeded'));
    // Exactly one rendition per track, each recorded once; no temporary or orphan file anywhere.
    expect((await filesUnder('renditions')).sort()).toEqual(
      tracks.map((track) => track.rendition_key).sort(),
    );
    const media = await t.db.query("select 1 from media_objects where bucket = 'renditions'");
    expect(media).toHaveLength(TRIALS);
    const everything = await filesUnder('');
    expect(everything.filter((file) => file.endsWith('.part') || file.includes('.tmp'))).toEqual([]);
  }, 300_000);
});
