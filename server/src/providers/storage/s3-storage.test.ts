import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3Storage } from './s3-storage';
import { newStorageKey } from './storage';

// A real S3-compatible server on this machine. s3rver does not check signatures strictly
// (providers.md §8), so these tests prove the protocol works, not that tampering is refused.
let server: S3rver;
let directory: string;
let endpoint: string;
let storage: S3Storage;
let nowMs = Date.now();

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'klang-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'klang' }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = createS3Storage({
    bucket: 'klang',
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    clock: () => nowMs,
  });
});
afterAll(async () => {
  storage.destroy();
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe('S3 storage against s3rver', () => {
  it('puts, reads, checks and deletes an object', async () => {
    const key = newStorageKey('mp3');
    const bytes = Buffer.from('ID3-free bytes of a rendition');
    const stored = await storage.put('renditions', key, bytes, { contentType: 'audio/mpeg' });
    expect(stored).toEqual({
      byteSize: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(await buffer(await storage.read('renditions', key))).toEqual(bytes);
    expect(await storage.exists('renditions', key)).toBe(true);
    expect(await storage.exists('tracks', key)).toBe(false);

    await storage.delete('renditions', key);
    expect(await storage.exists('renditions', key)).toBe(false);
    await expect(storage.read('renditions', key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('streams a body of unknown length', async () => {
    const key = newStorageKey('wav');
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const stored = await storage.put('tracks', key, Readable.from(chunks), { contentType: 'audio/wav' });
    const whole = Buffer.concat(chunks);
    expect(stored).toEqual({
      byteSize: whole.length,
      sha256: createHash('sha256').update(whole).digest('hex'),
    });
    // Buffer.equals: a deep toEqual over megabytes takes vitest many seconds.
    expect((await buffer(await storage.read('tracks', key))).equals(whole)).toBe(true);
  });

  it('refuses keys outside the pattern before calling S3', async () => {
    await expect(
      storage.put('tracks', '../x', Buffer.from('x'), { contentType: 'audio/mpeg' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('presigns a GET that serves the bytes with the pinned type and disposition', async () => {
    const key = newStorageKey('mp3');
    await storage.put('tracks', key, Buffer.from('audio bytes'), { contentType: 'application/octet-stream' });
    const url = await storage.signedUrl('tracks', key, { expiresInSeconds: 600 });
    expect(new URL(url).origin).toBe(storage.mediaOrigins[0]);
    expect(url).not.toContain('checksum');

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('content-disposition')).toBe('inline');
    expect(await response.text()).toBe('audio bytes');

    const download = await fetch(
      await storage.signedUrl('tracks', key, {
        expiresInSeconds: 60,
        contentType: 'audio/mpeg',
        downloadName: 'Nacht.mp3',
      }),
    );
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Nacht.mp3"; filename*=UTF-8''Nacht.mp3`,
    );
  });

  it('clamps the lifetime under a week and has the URL refused once expired', async () => {
    const key = newStorageKey('mp3');
    await storage.put('tracks', key, Buffer.from('x'), { contentType: 'audio/mpeg' });
    const long = new URL(await storage.signedUrl('tracks', key, { expiresInSeconds: 10 ** 9 }));
    expect(long.searchParams.get('X-Amz-Expires')).toBe(String(7 * 24 * 3600 - 1));

    const realNow = nowMs;
    nowMs = Date.now() - 61_000;
    const expired = await storage.signedUrl('tracks', key, { expiresInSeconds: 60 });
    nowMs = realNow;
    const response = await fetch(expired);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('expired');
  });
});

describe('S3 media origins', () => {
  it.each([
    [
      { endpoint: 'https://acc.r2.cloudflarestorage.com', forcePathStyle: true },
      'https://acc.r2.cloudflarestorage.com',
    ],
    [{ endpoint: 'https://minio.example:9000/', forcePathStyle: false }, 'https://media.minio.example:9000'],
    [{ endpoint: undefined, forcePathStyle: false }, 'https://media.s3.eu-central-1.amazonaws.com'],
  ])('%j → %s, the origin its presigned URLs use', async (shape, origin) => {
    const s3 = createS3Storage({
      bucket: 'media',
      region: 'eu-central-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      ...shape,
    });
    expect(s3.mediaOrigins).toEqual([origin]);
    // Presigning is local work: no request leaves the machine.
    expect(new URL(await s3.signedUrl('tracks', newStorageKey('mp3'), { expiresInSeconds: 60 })).origin).toBe(
      origin,
    );
    s3.destroy();
  });
});
