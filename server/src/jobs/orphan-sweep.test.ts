import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../providers/storage/local-storage';
import { newStorageKey } from '../providers/storage/storage';
import { sweepOrphans } from './orphan-sweep';

const HOUR = 60 * 60_000;
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function aged(file: string, ageMs: number) {
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
}

describe('orphan sweep', () => {
  it('removes half-written objects and dead scratch directories, and says how many', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'klang-sweep-test-'));
    dirs.push(root);
    const storage = createLocalStorage({
      dir: path.join(root, 'media'),
      signingSecret: 'secret-0123456789abcdef',
    });
    const whole = newStorageKey();
    await storage.put('tracks', whole, Buffer.from('a whole upload'), {
      contentType: 'application/octet-stream',
    });
    await aged(path.join(root, 'media', 'tracks', whole), 2 * HOUR);
    // What a killed writer leaves: an old .part (an orphan) and a fresh one (a write in progress).
    // In a shard no key can have (keys' shards are hex), so the whole upload is never listed here.
    const shard = path.join(root, 'media', 'tracks', 'zz');
    await mkdir(shard, { recursive: true });
    await writeFile(path.join(shard, 'old.abc123.part'), 'half');
    await aged(path.join(shard, 'old.abc123.part'), 2 * HOUR);
    await writeFile(path.join(shard, 'new.def456.part'), 'writing');
    // Scratch directories in the temp directory: a dead transcode's, a live one's, someone else's.
    const scratch = path.join(root, 'tmp');
    for (const name of ['klang-track-dead', 'klang-track-live', 'klang-s3-dead', 'other-old']) {
      await mkdir(path.join(scratch, name), { recursive: true });
      if (name !== 'klang-track-live') await aged(path.join(scratch, name), 2 * HOUR);
    }

    expect(await sweepOrphans({ storage, minAgeMs: HOUR, tmpDir: scratch })).toEqual({
      partialObjects: 1,
      scratchDirs: 2,
    });
    expect((await readdir(shard)).sort()).toEqual(['new.def456.part']);
    expect(await storage.exists('tracks', whole)).toBe(true);
    expect((await readdir(scratch)).sort()).toEqual(['klang-track-live', 'other-old']);
    // A second sweep finds nothing more.
    expect(await sweepOrphans({ storage, minAgeMs: HOUR, tmpDir: scratch })).toEqual({
      partialObjects: 0,
      scratchDirs: 0,
    });
  });
});
