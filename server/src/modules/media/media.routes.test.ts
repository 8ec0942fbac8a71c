import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../plugins/errors';
import { createLocalStorage } from '../../providers/storage/local-storage';
import { newStorageKey, type StorageProvider } from '../../providers/storage/storage';
import { mediaRoutes } from './media.routes';

const SECRET = 'media-route-test-secret-0123456789abcdef';
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

let dir: string;
let app: FastifyInstance;
let storage: StorageProvider;
let nowMs = Date.UTC(2026, 10, 1, 12, 0, 0);
const clock = () => nowMs;
const key = newStorageKey('mp3');
const otherKey = newStorageKey('mp3');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'klang-media-'));
  storage = createLocalStorage({ dir, signingSecret: SECRET, clock });
  await storage.put('tracks', key, BYTES, { contentType: 'audio/mpeg' });
  await storage.put('tracks', otherKey, Buffer.from('another track'), { contentType: 'audio/mpeg' });
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(mediaRoutes, { dir, signingSecret: SECRET, clock });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const sign = (expiresInSeconds = 600, extra: { contentType?: string; downloadName?: string } = {}) =>
  storage.signedUrl('tracks', key, { expiresInSeconds, ...extra });

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

function expectRefused(response: Awaited<ReturnType<typeof get>>) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'Access denied' } });
  expect(response.headers['cache-control']).toBe('no-store');
}

describe('GET /media/:bucket/*', () => {
  it('serves a signed URL with its type, nosniff, inline disposition and a cache life of the time left', async () => {
    const response = await get(await sign(600));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(BYTES);
    expect(response.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'content-length': '1000',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=600',
    });
  });

  it('counts the cache life down as the URL ages', async () => {
    const url = await sign(600);
    nowMs += 100_500;
    try {
      expect((await get(url)).headers['cache-control']).toBe('private, max-age=499');
    } finally {
      nowMs -= 100_500;
    }
  });

  it('serves the signed content type and download name', async () => {
    const response = await get(
      await sign(60, { contentType: 'audio/wav', downloadName: 'Ünder “Night”.mp3' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_nder _Night_.mp3"; filename*=UTF-8''%C3%9Cnder%20%E2%80%9CNight%E2%80%9D.mp3`,
    );
  });

  it('refuses a tampered signature, another key, a changed expiry and an expired URL alike', async () => {
    const url = new URL(await sign(60), 'http://x');
    const sig = url.searchParams.get('sig') ?? '';
    const exp = Number(url.searchParams.get('exp'));
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    const bodies = [];

    for (const tampered of [
      `${url.pathname}?exp=${exp}&sig=${flipped}`,
      `/media/tracks/${otherKey}?exp=${exp}&sig=${sig}`,
      `/media/coverart/${key}?exp=${exp}&sig=${sig}`,
      `${url.pathname}?exp=${exp + 1}&sig=${sig}`,
      `${url.pathname}?exp=0${exp}&sig=${sig}`,
      `${url.pathname}?exp=${exp}`,
      `${url.pathname}?sig=${sig}`,
      url.pathname,
      `${url.pathname}?exp=${exp}&sig=${sig}&sig=${sig}`,
      `${url.pathname}?exp=${exp}&sig=${sig}&ct=text%2Fhtml`,
      `${url.pathname}?exp=${exp}&sig=${sig}&dl=x.html`,
      `${url.pathname}?exp=${exp}&sig=${sig}&ct=`,
      `${url.pathname}?exp=${exp}&sig=${sig}&dl=`,
      `/media/tracks/..%2f..%2f..%2fetc%2fpasswd?exp=${exp}&sig=${sig}`,
      `/media/tracks/${key}%00?exp=${exp}&sig=${sig}`,
      `/media/nope/${key}?exp=${exp}&sig=${sig}`,
    ]) {
      const response = await get(tampered);
      expectRefused(response);
      bodies.push(response.json<{ error: { message: string } }>().error.message);
    }
    expect(new Set(bodies).size).toBe(1);

    // Dot segments are resolved before routing (light-my-request does it, as browsers do): they never reach the route.
    for (const dotted of [
      `/media/../tracks/${key}?exp=${exp}&sig=${sig}`,
      `/media/tracks/%2e%2e/%2e%2e/etc/passwd?exp=${exp}&sig=${sig}`,
    ]) {
      expect([403, 404]).toContain((await get(dotted)).statusCode);
    }

    nowMs = exp * 1000 + 1000;
    try {
      expectRefused(await get(url.pathname + url.search));
      nowMs = exp * 1000;
      expectRefused(await get(url.pathname + url.search));
      nowMs = exp * 1000 - 1;
      expect((await get(url.pathname + url.search)).statusCode).toBe(200);
    } finally {
      nowMs = Date.UTC(2026, 10, 1, 12, 0, 0);
    }
  });

  it('answers 404 only to a correctly signed URL whose object is gone', async () => {
    const missing = newStorageKey('mp3');
    const url = await storage.signedUrl('tracks', missing, { expiresInSeconds: 60 });
    expect((await get(url)).statusCode).toBe(404);
    expectRefused(await get(url.replace(/sig=[^&]+/, 'sig=' + 'A'.repeat(43))));
  });

  it('accepts none of 500 random mutations of a signed URL', async () => {
    const original = await sign(600, { contentType: 'audio/mpeg', downloadName: 'a b.mp3' });
    const meaning = (url: string) => {
      const parsed = new URL(url, 'http://x');
      const params = parsed.searchParams;
      return JSON.stringify([
        decodeURIComponent(parsed.pathname),
        ...['exp', 'sig', 'ct', 'dl'].map((name) => params.getAll(name)),
      ]);
    };
    const alphabet = 'AZaz09-_.%/?&=+2fF';
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let accepted = 0;
    let tried = 0;
    for (let i = 0; i < 500; i += 1) {
      const at = random(original.length);
      const char = alphabet[random(alphabet.length)] ?? 'A';
      const kind = random(3);
      const mutated =
        original.slice(0, at) + (kind === 2 ? '' : char) + original.slice(kind === 1 ? at : at + 1);
      let sameMeaning: boolean;
      try {
        sameMeaning = meaning(mutated) === meaning(original);
      } catch {
        sameMeaning = false;
      }
      if (sameMeaning || !mutated.startsWith('/')) continue;
      tried += 1;
      const response = await get(mutated);
      if (response.statusCode < 400) accepted += 1;
      expect([400, 403, 404]).toContain(response.statusCode);
    }
    expect(tried).toBeGreaterThan(400);
    expect(accepted).toBe(0);
  });
});

describe('range requests', () => {
  it.each([
    ['bytes=0-', 0, 999],
    ['bytes=100-199', 100, 199],
    ['bytes=-500', 500, 999],
    ['bytes=900-5000', 900, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=999-999', 999, 999],
  ])('%s → 206 with Content-Range', async (range, start, end) => {
    const response = await get(await sign(), { range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload).toEqual(BYTES.subarray(start, end + 1));
    expect(response.headers['content-type']).toBe('audio/mpeg');
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('%s → 416 with the size', async (range) => {
    const response = await get(await sign(), { range });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */1000');
  });

  it.each(['bytes=0-1,5-6', 'bytes=5-1', 'items=0-1', 'bytes=abc'])(
    '%s is ignored: 200 with the whole file',
    async (range) => {
      const response = await get(await sign(), { range });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(BYTES);
    },
  );

  it('a refused URL stays refused with a Range header', async () => {
    expectRefused(await get((await sign()).replace('exp=', 'exp=1'), { range: 'bytes=0-' }));
  });
});

describe('HEAD /media/:bucket/*', () => {
  it('answers the headers of a GET without the body', async () => {
    const response = await app.inject({ method: 'HEAD', url: await sign() });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(0);
    expect(response.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
  });

  it('refuses an expired URL', async () => {
    const url = await sign(1);
    nowMs += 2000;
    try {
      const response = await app.inject({ method: 'HEAD', url });
      expect(response.statusCode).toBe(403);
    } finally {
      nowMs -= 2000;
    }
  });
});

describe('over a real socket', () => {
  it('streams a range to fetch', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(new URL(await sign(), address), { headers: { range: 'bytes=-10' } });
    expect(response.status).toBe(206);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(BYTES.subarray(990));
  });
});
