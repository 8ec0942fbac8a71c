import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { verifyMediaQuery } from './media-signature';
import { newStorageKey, type Bucket, type StorageProvider } from './storage';

const SECRET = 'test-secret-test-secret-test-secret';

let dir: string;
let storage: StorageProvider;
const now = Date.UTC(2026, 10, 1, 12, 0, 0);

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'klang-local-storage-'));
  storage = createLocalStorage({ dir, signingSecret: SECRET, clock: () => now });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every file under the storage folder, temporary ones included. */
async function filesIn(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('local storage', () => {
  it('round-trips a buffer and a stream, measuring size and sha256', async () => {
    const key = newStorageKey('mp3');
    const bytes = Buffer.from('not really an mp3, but bytes all the same');
    const stored = await storage.put('tracks', key, bytes, { contentType: 'audio/mpeg' });
    expect(stored).toEqual({
      byteSize: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(await readFile(path.join(dir, 'tracks', key))).toEqual(bytes);
    expect(await text(await storage.read('tracks', key))).toBe(bytes.toString());
    expect(await storage.exists('tracks', key)).toBe(true);

    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(10_000, i));
    const streamKey = newStorageKey();
    const streamed = await storage.put('renditions', streamKey, Readable.from(chunks), {
      contentType: 'audio/mpeg',
    });
    expect(streamed.byteSize).toBe(500_000);
    expect(streamed.sha256).toBe(createHash('sha256').update(Buffer.concat(chunks)).digest('hex'));

    await storage.delete('tracks', key);
    expect(await storage.exists('tracks', key)).toBe(false);
    await expect(storage.delete('tracks', key)).resolves.toBeUndefined();
    await expect(storage.read('tracks', key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('replaces an object whole', async () => {
    const key = newStorageKey('png');
    await storage.put('coverart', key, Buffer.from('first'), { contentType: 'image/png' });
    await storage.put('coverart', key, Buffer.from('second'), { contentType: 'image/png' });
    expect(await text(await storage.read('coverart', key))).toBe('second');
    expect(await filesIn(dir)).toHaveLength(1);
  });

  it("clears a dead writer's unfinished copy of the key once a write of it succeeds, and no other key's", async () => {
    const key = newStorageKey('mp3');
    const other = newStorageKey('mp3');
    const target = path.join(dir, 'renditions', key);
    // What a worker killed mid-transcode leaves: a half-written copy beside the reserved key.
    await storage.put('renditions', other, Buffer.from('other'), { contentType: 'audio/mpeg' });
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(`${target}.0123456789ab.part`, 'half');
    const othersPart = path.join(dir, 'renditions', `${other}.ba9876543210.part`);
    await writeFile(othersPart, 'someone else');

    await storage.put('renditions', key, Buffer.from('whole'), { contentType: 'audio/mpeg' });

    expect((await filesIn(dir)).sort()).toEqual(
      [target, path.join(dir, 'renditions', other), othersPart].sort(),
    );
  });

  it('leaves no file behind when the stream fails halfway', async () => {
    const key = newStorageKey('mp3');
    function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      yield Buffer.alloc(64 * 1024, 2);
      throw new Error('connection reset');
    }
    await expect(
      storage.put('tracks', key, Readable.from(failing()), { contentType: 'audio/mpeg' }),
    ).rejects.toThrow('connection reset');
    expect(await storage.exists('tracks', key)).toBe(false);
    expect(await filesIn(dir)).toEqual([]);
  });

  it('leaves no file behind when the stream fails before its first byte (the open races the unlink)', async () => {
    // eslint-disable-next-line require-yield -- a body that fails before it yields anything
    async function* refused(): AsyncGenerator<Buffer> {
      throw new Error('over the limit');
    }
    await Promise.all(
      Array.from({ length: 20 }, () =>
        expect(
          storage.put('tracks', newStorageKey('mp3'), Readable.from(refused()), {
            contentType: 'audio/mpeg',
          }),
        ).rejects.toThrow('over the limit'),
      ),
    );
    expect(await filesIn(dir)).toEqual([]);
  });

  it('keeps the old object when a replacement fails', async () => {
    const key = newStorageKey('mp3');
    await storage.put('tracks', key, Buffer.from('complete'), { contentType: 'audio/mpeg' });
    const failing = new Readable({
      read() {
        this.push(Buffer.from('half'));
        this.destroy(new Error('aborted'));
      },
    });
    await expect(storage.put('tracks', key, failing, { contentType: 'audio/mpeg' })).rejects.toThrow(
      'aborted',
    );
    expect(await text(await storage.read('tracks', key))).toBe('complete');
    expect(await filesIn(dir)).toHaveLength(1);
  });

  it.each([
    ['../escape/aaaaaaaaaaaaaaaaaaaa'],
    ['ab/../../aaaaaaaaaaaaaaaaaaaa'],
    ['ab/..%2f..%2faaaaaaaaaaaaaaaa'],
    ['%2e%2e/aaaaaaaaaaaaaaaaaaaaaa'],
    ['ab/%2e%2e%2faaaaaaaaaaaaaaaa'],
    ['/etc/passwd'],
    ['/ab/aaaaaaaaaaaaaaaaaaaa'],
    ['ab\\..\\aaaaaaaaaaaaaaaaaaaa'],
    ['ab/aaaaaaaaaaaaaaaaaaaa\0.mp3'],
    ['ab/aaaaaaaaaaaaaaaaaaaa.mp3\0'],
    ['ab/aaaaaaaaaaaaaaaaaaaa..mp3'],
    ['ab/.aaaaaaaaaaaaaaaaaaaa'],
    ['ab/cd/aaaaaaaaaaaaaaaaaaaa'],
    ['ab/short'],
    [''],
  ])('refuses the key %j before touching the disk', async (key) => {
    await expect(
      storage.put('tracks', key, Buffer.from('x'), { contentType: 'audio/mpeg' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(storage.read('tracks', key)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(storage.exists('tracks', key)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(storage.delete('tracks', key)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(storage.signedUrl('tracks', key, { expiresInSeconds: 60 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await filesIn(dir)).toEqual([]);
  });

  it('refuses a bucket that is not one of ours', async () => {
    await expect(
      storage.put('../etc' as Bucket, newStorageKey(), Buffer.from('x'), { contentType: 'audio/mpeg' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('signs URLs that carry only the opaque key, and clamps their lifetime under a week', async () => {
    const key = newStorageKey('mp3');
    const url = new URL(await storage.signedUrl('tracks', key, { expiresInSeconds: 600 }), 'http://x');
    expect(url.pathname).toBe(`/media/tracks/${key}`);
    expect(url.searchParams.get('exp')).toBe(String(now / 1000 + 600));
    expect([...url.searchParams.keys()].sort()).toEqual(['exp', 'sig']);

    const long = new URL(await storage.signedUrl('tracks', key, { expiresInSeconds: 1e9 }), 'http://x');
    expect(Number(long.searchParams.get('exp')) - now / 1000).toBe(7 * 24 * 3600 - 1);
    expect(storage.mediaOrigins).toEqual([]);
  });

  it('binds the content type and download name into the signature', async () => {
    const key = newStorageKey('zip');
    const signed = await storage.signedUrl('artist-packs', key, {
      expiresInSeconds: 60,
      contentType: 'application/zip',
      downloadName: 'Señor “Pack”.zip',
    });
    const url = new URL(signed, 'http://x');
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({ ct: 'application/zip', dl: 'Señor “Pack”.zip' });
    expect(verifyMediaQuery(SECRET, { bucket: 'artist-packs', key }, query, now)).toMatchObject({
      contentType: 'application/zip',
      downloadName: 'Señor “Pack”.zip',
    });
    expect(
      verifyMediaQuery(SECRET, { bucket: 'artist-packs', key }, { ...query, ct: 'audio/mpeg' }, now),
    ).toBeUndefined();
    expect(
      verifyMediaQuery(SECRET, { bucket: 'artist-packs', key }, { ...query, dl: 'other.zip' }, now),
    ).toBeUndefined();
    expect(
      verifyMediaQuery(SECRET, { bucket: 'artist-packs', key }, { ...query, dl: undefined }, now),
    ).toBeUndefined();
  });

  it('refuses to pin a content type a browser would render as a page', async () => {
    const key = newStorageKey('mp3');
    for (const contentType of ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/javascript']) {
      await expect(storage.signedUrl('tracks', key, { expiresInSeconds: 60, contentType })).rejects.toThrow();
    }
    await expect(
      storage.signedUrl('tracks', key, { expiresInSeconds: 60, downloadName: 'a\r\nSet-Cookie: x' }),
    ).rejects.toThrow();
  });
});
