import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../jobs/runner';
import { createTestApp, type TestApp } from '../../test/app';
import { nextAddress, signUp } from '../../test/accounts-helpers';
import { createLocalStorage } from '../../providers/storage/local-storage';
import { createTracksRepository } from './tracks.repository';
import { createProcessTrackHandler, DISCARD_UNCLAIMED_JOB, PROCESS_TRACK_JOB } from './tracks.jobs';
import { makeWav } from '../../test/test-audio';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function renditionFiles(): Promise<string[]> {
  if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
  const root = path.join(t.config.storage.dir, 'renditions');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

async function uploadOne(): Promise<{ trackId: string; artist: Awaited<ReturnType<typeof signUp>> }> {
  const artist = await signUp(t.app, 'artist');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracks?title=Crash&genre=Drum%20n%20Bass',
    payload: makeWav(1.2),
    headers: { cookie: artist.cookie, 'content-type': 'application/octet-stream' },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode).toBe(201);
  return { trackId: res.json<{ track: { id: string } }>().track.id, artist };
}

/**
 * A worker that dies after writing the rendition and before recording it: its job stays
 * `running` with a lock that nobody renews. `hang` stands in for the dead process.
 */
function createDyingWorker() {
  let reached!: () => void;
  const dead = new Promise<void>((resolve) => (reached = resolve));
  const runner = createJobRunner({
    db: t.db,
    log: t.app.log,
    kinds: {
      [PROCESS_TRACK_JOB]: {
        lane: 'media',
        run: createProcessTrackHandler({
          db: t.db,
          repository: createTracksRepository(t.db),
          storage: storageOf(),
          log: t.app.log,
          afterRenditionStored: () => {
            reached();
            return new Promise<void>(() => undefined);
          },
        }),
      },
    },
  });
  void runner.runOnce();
  return dead;
}

/** The same files the app uses, through a second provider instance (as a second process would). */
function storageOf() {
  if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
  return createLocalStorage({ dir: t.config.storage.dir, signingSecret: 'unused-for-put-and-delete' });
}

/** A fresh worker after the restart; the dead one's lease is taken as expired. */
async function restartWorker() {
  await t.db.query("update jobs set locked_at = now() - interval '1 hour' where status = 'running'");
  const runner = createJobRunner({ db: t.db, log: t.app.log, kinds: t.app.jobKinds, leaseMs: 60_000 });
  while (await runner.runOnce()) {
    /* drain */
  }
}

describe('a worker killed mid-job', () => {
  it('is followed by a rerun that finishes the track, with no stuck job and no orphan file', async () => {
    const { trackId } = await uploadOne();
    await createDyingWorker();
    expect(await renditionFiles()).toHaveLength(1);

    await restartWorker();
    const jobs = await t.db.query<{ status: string; attempts: number }>(
      "select status, attempts from jobs where payload->>'trackId' = $1",
      [trackId],
    );
    expect(jobs).toEqual([{ status: 'succeeded', attempts: 2 }]);
    const [track] = await t.db.query<{ status: string; rendition_key: string }>(
      'select status, rendition_key from tracks where id = $1',
      [trackId],
    );
    expect(track?.status).toBe('ready');
    expect(await renditionFiles()).toEqual([track?.rendition_key]);
    const media = await t.db.query("select 1 from media_objects where bucket = 'renditions'");
    expect(media).toHaveLength(1);
  });

  it('leaves nothing behind when the track is deleted before the rerun', async () => {
    const before = await renditionFiles();
    const { trackId, artist } = await uploadOne();
    await createDyingWorker();
    expect(await renditionFiles()).toHaveLength(before.length + 1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/tracks/${trackId}`,
      headers: { cookie: artist.cookie },
      remoteAddress: nextAddress(),
    });
    expect(del.statusCode).toBe(204);

    await restartWorker();
    expect(await renditionFiles()).toEqual(before);
    expect(
      await t.db.query("select 1 from jobs where status in ('queued', 'running') and kind = $1", [
        PROCESS_TRACK_JOB,
      ]),
    ).toEqual([]);
    expect(await t.db.query('select 1 from media_objects where owner_id = $1', [artist.id])).toEqual([]);
  });
});

describe('an upload whose track was never recorded', () => {
  async function trackFiles(): Promise<string[]> {
    if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
    const root = path.join(t.config.storage.dir, 'tracks');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  }

  async function runDiscardNow(key: string) {
    await t.db.query("update jobs set run_at = now() where kind = $1 and payload->>'key' = $2", [
      DISCARD_UNCLAIMED_JOB,
      key,
    ]);
    const runner = createJobRunner({ db: t.db, log: t.app.log, kinds: t.app.jobKinds });
    while (await runner.runOnce()) {
      /* drain */
    }
  }

  it('is discarded once its claim time passes, and a recorded one is kept', async () => {
    const { trackId } = await uploadOne();
    const [source] = await t.db.query<{ storage_key: string }>(
      'select m.storage_key from tracks t join media_objects m on m.id = t.source_media_id where t.id = $1',
      [trackId],
    );
    const key = source?.storage_key ?? '';
    const [job] = await t.db.query<{ late: boolean }>(
      "select run_at > now() + interval '50 minutes' as late from jobs where kind = $1 and payload->>'key' = $2",
      [DISCARD_UNCLAIMED_JOB, key],
    );
    expect(job?.late).toBe(true);

    await runDiscardNow(key);
    expect(await trackFiles()).toContain(key);

    // The state a crash between storing and recording leaves: a file that no row names.
    const other = await uploadOne();
    const [orphan] = await t.db.query<{ storage_key: string; id: string }>(
      'select m.storage_key, m.id from tracks t join media_objects m on m.id = t.source_media_id where t.id = $1',
      [other.trackId],
    );
    await t.db.query('delete from tracks where id = $1', [other.trackId]);
    await t.db.query('delete from media_objects where id = $1', [orphan?.id]);
    expect(await trackFiles()).toContain(orphan?.storage_key);
    await runDiscardNow(orphan?.storage_key ?? '');
    expect(await trackFiles()).not.toContain(orphan?.storage_key);
    expect(await trackFiles()).toContain(key);
  });
});
