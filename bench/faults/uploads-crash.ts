// Item 1, crash during uploads: UPLOADS uploads of mixed sizes up to UPLOAD_MAX_MIB, UPLOAD_CONCURRENCY
// at a time, while the server is killed with SIGKILL at random moments (KILLS times) and started
// again. Then: no upload the client was told was accepted is lost, every accepted upload reaches
// ready or failed with a reason, and after the orphan sweep and the unclaimed-upload discards no
// half-written object or row is left; the sweep says how many it removed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrate } from '../../server/src/db/migrate';
import { wavHeader } from '../../server/src/test/test-audio';
import {
  check,
  signUpArtist,
  sleep,
  trackStates,
  upload,
  waitFor,
  type Battery,
  type KlangProcess,
} from './harness';

const UPLOADS = Number(process.env.UPLOADS ?? 100);
const CONCURRENCY = Number(process.env.UPLOAD_CONCURRENCY ?? 8);
const MAX_MIB = Number(process.env.UPLOAD_MAX_MIB ?? 75);
const KILLS = Number(process.env.KILLS ?? 5);
/** Below the 75 MiB limit by a hair, so the largest upload is the largest accepted. */
const MAX_BYTES = Math.min(MAX_MIB * 1024 * 1024, 75 * 1024 * 1024);
const SWEEP_AGE_MS = 3000;

/** A repeatable pseudo-random sequence, so a run can be repeated upload for upload. */
function prng(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

export async function uploadsCrash(battery: Battery) {
  const cluster = await battery.postgres();
  const db = await battery.database(cluster.url);
  await migrate(db);
  const dataDir = path.join(battery.work, 'shared-data');
  const env = {
    DATABASE_URL: cluster.url,
    RATE_LIMITS: 'off',
    DATA_DIR: dataDir,
    ORPHAN_MIN_AGE_MS: String(SWEEP_AGE_MS),
    // A transcode the kill cut off runs again after the lease: sized to the job, as in operations.md.
    JOB_LEASE_MS: '20000',
    LOG_LEVEL: 'warn',
  };
  let server: KlangProcess = await battery.klang('server', { env });

  // A free artist holds five tracks: one artist per three uploads leaves room for retries' tracks.
  const artists: string[] = [];
  for (let i = 0; i < Math.ceil(UPLOADS / 3); i++)
    artists.push(await signUpArtist(server.base, `crash${String(Date.now())}x${String(i)}`));

  const random = prng(21);
  const sizes = Array.from({ length: UPLOADS }, () => Math.max(64 * 1024, Math.floor(random() * MAX_BYTES)));
  // One buffer of noise; each upload is a header for its size and a slice of it.
  const noise = Buffer.alloc(MAX_BYTES);
  for (let i = 0; i + 4 <= MAX_BYTES; i += 4)
    noise.writeUInt32LE((Math.imul(i, 2654435761) >>> 0) & 0x3fff3fff, i);

  const accepted: { index: number; trackId: string }[] = [];
  const refused: { index: number; status: number; message?: string }[] = [];
  let cut = 0;
  let next = 0;
  let restarting: Promise<void> | undefined;

  const load = { uploading: true };
  const uploading = () => load.uploading;
  const uploaders = Array.from({ length: CONCURRENCY }, async () => {
    while (next < UPLOADS) {
      const index = next++;
      await restarting;
      const size = sizes[index] ?? 0;
      const body = Buffer.concat([wavHeader(size - 44), noise.subarray(44, size)]);
      // A client whose upload was cut sends it again once the server is back, as the app would.
      let result: Awaited<ReturnType<typeof upload>> | undefined;
      for (let attempt = 0; attempt < 2 && !result; attempt++) {
        if (attempt > 0) {
          cut += 1;
          await sleep(500);
          await restarting;
        }
        result = await upload(
          server.base,
          artists[Math.floor(index / 3)] ?? '',
          body,
          `Crash ${String(index)}`,
        ).catch(() => undefined);
      }
      if (!result) cut += 1;
      else if (result.status === 201 && result.trackId) accepted.push({ index, trackId: result.trackId });
      else refused.push({ index, status: result.status, ...(result.message && { message: result.message }) });
    }
  });
  const killer = (async () => {
    for (let kill = 0; kill < KILLS && uploading(); kill++) {
      await sleep(1000 + random() * 3000);
      if (!uploading()) break;
      let done!: () => void;
      restarting = new Promise((resolve) => (done = resolve));
      await server.stop('SIGKILL');
      console.log(`  killed the server (${String(kill + 1)}/${String(KILLS)}) after upload ${String(next)}`);
      server = await battery.klang('server', { env });
      done();
      restarting = undefined;
    }
  })();
  await Promise.all(uploaders);
  load.uploading = false;
  await killer;
  const kills = Math.min(
    KILLS,
    (readFileSync(path.join(battery.work, 'server.log'), 'utf8').match(/Klang is running/g) ?? []).length - 1,
  );

  // The final start, once leftovers are older than the sweep's age: it sweeps what the kills left.
  await server.stop();
  const partialBefore = filesUnder(path.join(dataDir, 'media')).filter((f) => f.endsWith('.part')).length;
  const scratchBefore = readdirSync(battery.scratch).length;
  const recordedKeys = async () =>
    (
      await db.query<{ storage_key: string }>(`select storage_key from media_objects where bucket = 'tracks'`)
    ).map((r) => r.storage_key);
  const keysBefore = await recordedKeys();
  const unclaimedBefore = filesUnder(path.join(dataDir, 'media', 'tracks')).filter(
    (f) => !f.endsWith('.part') && !keysBefore.includes(f),
  ).length;
  await sleep(SWEEP_AGE_MS + 500);
  // Time skip: the unclaimed-upload discards fall due an hour after each upload; run them now.
  const discards = await db.query(
    `update jobs set run_at = now() where kind = 'tracks.discard-unclaimed' and status = 'queued' returning id`,
  );
  server = await battery.klang('server', { env });
  // Every start sweeps; what the final one found, and what the restarts between kills found.
  await sleep(2000);
  const sweeps = readFileSync(path.join(battery.work, 'server.log'), 'utf8')
    .split('\n')
    .filter((line) => line.includes('orphans removed'))
    .map((line) => JSON.parse(line) as { partialObjects: number; scratchDirs: number });
  const sweep = {
    sweepsReporting: sweeps.length,
    partialObjects: sweeps.reduce((sum, s) => sum + s.partialObjects, 0),
    scratchDirs: sweeps.reduce((sum, s) => sum + s.scratchDirs, 0),
  };

  const ids = accepted.map((a) => a.trackId);
  const states = await waitFor(
    'every accepted upload to be ready or failed',
    async () => {
      const rows = await trackStates(db, ids);
      return rows.length === ids.length && rows.every((r) => r.status !== 'processing') ? rows : undefined;
    },
    20 * 60_000,
  ).catch(() => trackStates(db, ids));
  await waitFor(
    'the discards to run',
    async () =>
      (
        await db.query(
          `select 1 from jobs where kind = 'tracks.discard-unclaimed' and status in ('queued', 'running') and run_at <= now()`,
        )
      ).length === 0
        ? true
        : undefined,
    60_000,
  ).catch(() => false);
  await server.stop();

  const files = filesUnder(path.join(dataDir, 'media', 'tracks'));
  const rows = (
    await db.query<{ storage_key: string }>(`select storage_key from media_objects where bucket = 'tracks'`)
  ).map((r) => r.storage_key);
  const unrecorded = files.filter((f) => !rows.includes(f));
  const missing = rows.filter((key) => !files.includes(key));
  const recordedUnheard = await db.query(
    `select 1 from tracks where title like 'Crash %' and not (id = any($1::uuid[]))`,
    [ids],
  );
  const lost = ids.length - states.length;

  const checks = [
    check('0 accepted uploads lost', lost === 0, { accepted: ids.length, lost }),
    check(
      'every accepted upload reaches ready, or failed with a reason',
      states.every((s) => s.status === 'ready' || (s.status === 'failed' && Boolean(s.failure_reason))),
      states.reduce<Record<string, number>>(
        (acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }),
        {},
      ),
    ),
    check(
      '0 half-written objects left (.part files)',
      files.every((f) => !f.endsWith('.part')),
      {
        partBeforeSweep: partialBefore,
        partAfter: files.filter((f) => f.endsWith('.part')).length,
      },
    ),
    check(
      '0 stored uploads without a row, 0 rows without their object',
      unrecorded.length === 0 && missing.length === 0,
      {
        unrecorded: unrecorded.length,
        rowsWithoutObject: missing.length,
      },
    ),
    check('the sweep says how many it removed', kills === 0 || sweep.sweepsReporting > 0, {
      ...sweep,
      partialBefore,
      scratchBefore,
      unrecordedUploadsBefore: unclaimedBefore,
      discardJobsRun: discards.length,
    }),
  ];
  return {
    uploads: UPLOADS,
    concurrency: CONCURRENCY,
    maxMiB: MAX_BYTES / 1024 / 1024,
    kills,
    outcomes: {
      accepted: ids.length,
      refused: refused.length,
      cutAttempts: cut,
      recordedThoughUnheard: recordedUnheard.length,
    },
    refusedExamples: refused.slice(0, 3),
    shortened: UPLOADS < 100 || MAX_MIB < 75 || CONCURRENCY < 8,
    checks,
  };
}
