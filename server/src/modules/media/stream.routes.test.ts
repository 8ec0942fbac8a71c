import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../plugins/errors';
import { runFfmpeg } from '../../providers/audio/ffmpeg';
import { createLocalStorage } from '../../providers/storage/local-storage';
import { newStorageKey } from '../../providers/storage/storage';
import { randomPadBytes, streamGrantPath, type StreamGrant } from '../../providers/storage/stream-grant';
import { streamRoutes } from './media.routes';

const SECRET = 'stream-route-test-secret-0123456789abcdef';

let dir: string;
let app: FastifyInstance;
let mp3: Buffer;
let nowMs = Date.UTC(2026, 10, 1, 12, 0, 0);
const clock = () => nowMs;
const key = newStorageKey('mp3');
/** The grants the route said it served, in order, with the clock's time. */
const served: { id: string; at: number }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'klang-stream-'));
  const storage = createLocalStorage({ dir, signingSecret: SECRET, clock });
  // A real rendition: three seconds of a tone, MP3 at 192 kb/s as the pipeline writes them.
  mp3 = await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'sine=frequency=523:duration=3'],
    ...['-c:a', 'libmp3lame', '-b:a', '192k', '-f', 'mp3', 'pipe:1'],
  ]);
  await storage.put('renditions', key, mp3, { contentType: 'audio/mpeg' });
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(streamRoutes, {
    storage,
    signingSecret: SECRET,
    clock,
    served: async (id, at) => {
      served.push({ id, at: at.getTime() });
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const grantOf = (padBytes: number, seconds = 600): StreamGrant => ({
  id: randomUUID(),
  bucket: 'renditions',
  key,
  contentType: 'audio/mpeg',
  padBytes,
  expiresAt: Math.floor(nowMs / 1000) + seconds,
});
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** Decodes MP3 bytes to raw 16-bit PCM with ffmpeg, as a browser's decoder would read them. */
const decode = (bytes: Buffer) =>
  runFfmpeg(['-f', 'mp3', '-i', 'pipe:0', '-f', 's16le', '-ac', '2', 'pipe:1'], bytes);

describe('GET /media/stream/*', () => {
  it('serves the object and then its padding, which decodes to exactly the same samples', async () => {
    const pad = randomPadBytes(mp3.length, 3000);
    const response = await get(streamGrantPath(SECRET, grantOf(pad)));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(mp3.length + pad));
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, mp3.length)).toEqual(mp3);
    expect(bytes.subarray(mp3.length).every((byte) => byte === 0)).toBe(true);
    const [original, padded] = await Promise.all([decode(mp3), decode(bytes)]);
    expect(original.length).toBeGreaterThan(44_100 * 4 * 2);
    expect(padded.equals(original)).toBe(true);
  });

  it('gives every grant its own path and its own length', async () => {
    const paths = new Set<string>();
    const lengths = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const pad = randomPadBytes(mp3.length, 3000);
      const url = streamGrantPath(SECRET, grantOf(pad));
      expect(url).not.toContain(key);
      expect(url).not.toContain(key.split('/')[1]?.replace(/\.mp3$/, '') ?? key);
      paths.add(new URL(url, 'http://x').pathname);
      lengths.add(Number((await app.inject({ method: 'HEAD', url })).headers['content-length']));
    }
    expect(paths.size).toBe(20);
    // At least 64 KiB of span: twenty draws collide with a vanishing probability.
    expect(lengths.size).toBeGreaterThanOrEqual(19);
  });

  it('answers ranges over the object, across its end and inside the padding, for seeking', async () => {
    const pad = 5000;
    const url = streamGrantPath(SECRET, grantOf(pad));
    const size = mp3.length + pad;
    const head = await get(url, { range: 'bytes=0-99' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(head.rawPayload).toEqual(mp3.subarray(0, 100));

    const across = await get(url, { range: `bytes=${mp3.length - 10}-${mp3.length + 9}` });
    expect(across.statusCode).toBe(206);
    expect(across.rawPayload).toEqual(Buffer.concat([mp3.subarray(mp3.length - 10), Buffer.alloc(10)]));

    const tail = await get(url, { range: 'bytes=-100' });
    expect(tail.headers['content-range']).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(tail.rawPayload).toEqual(Buffer.alloc(100));

    const beyond = await get(url, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('marks a grant served when it sends audio bytes, not for a HEAD, the padding or a refusal', async () => {
    const grant = grantOf(5000);
    const url = streamGrantPath(SECRET, grant);
    const size = mp3.length + 5000;
    served.length = 0;
    expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    expect((await get(url, { range: `bytes=${mp3.length}-` })).statusCode).toBe(206);
    expect((await get(url, { range: `bytes=${size}-` })).statusCode).toBe(416);
    expect((await get(streamGrantPath('another-secret-0123456789abcdefghij', grant))).statusCode).toBe(403);
    expect(served).toEqual([]);
    expect((await get(url, { range: 'bytes=0-99' })).statusCode).toBe(206);
    expect(served).toEqual([{ id: grant.id, at: nowMs }]);
  });

  it('refuses an expired, moved, forged or truncated grant with one same 403', async () => {
    const url = new URL(streamGrantPath(SECRET, grantOf(4096, 60)), 'http://x');
    const ok = await get(`${url.pathname}${url.search}`);
    expect(ok.statusCode).toBe(200);

    const moved = new URL(url);
    moved.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 600));
    const forged = streamGrantPath('another-secret-0123456789abcdefghij', grantOf(4096));
    const token = url.pathname.split('/').at(-1) ?? '';
    const flipped = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    const refused = [
      `${moved.pathname}${moved.search}`,
      forged,
      `/media/stream/${flipped}${url.search}`,
      `/media/stream/${token.slice(0, -4)}${url.search}`,
      url.pathname,
      `/media/stream/renditions/${key}${url.search}`,
    ];
    for (const candidate of refused) {
      const response = await get(candidate);
      expect(response.statusCode).toBe(403);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    nowMs += 61_000;
    expect((await get(`${url.pathname}${url.search}`)).statusCode).toBe(403);
  });
});
