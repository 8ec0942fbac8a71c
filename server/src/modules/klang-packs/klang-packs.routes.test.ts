import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  DEMO_ACCOUNT,
  KIT_MESSAGES,
  klangPacksEndpoints,
  MESSAGES,
  PACK_MESSAGES as M,
} from '@klang/domain';
import { createJobRunner } from '../../jobs/runner';
import { figurePhoto } from '../../providers/klang-packs/local/test-photos';
import { nextAddress, signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let photos: Buffer[];

beforeAll(async () => {
  t = await createTestApp({ PACK_LOCAL_TRAINING_SECONDS: '0', PACK_CHECK_SECONDS: '0.2' });
  // Twenty different photos of one "person": the face moves, the wall changes.
  photos = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      figurePhoto({
        width: 300,
        height: 400,
        faceX: 0.35 + (i % 5) * 0.07,
        faceY: 0.28 + (i % 3) * 0.04,
        wall: ['#4a6078', '#6b5a4a', '#3f4f3a', '#5a4a6b'][i % 4],
        format: i % 2 ? 'png' : 'jpeg',
      }),
    ),
  );
});
afterAll(async () => {
  await t.close();
});

async function proArtist(): Promise<Client> {
  const artist = await signUp(t.app, 'artist');
  await t.db.query(`update artist_profiles set subscription_tier = 'pro' where id = $1`, [artist.id]);
  return artist;
}

function upload(client: Client | null, bytes: Buffer, contentType = 'image/jpeg') {
  return t.app.inject({
    method: 'POST',
    url: '/api/klang-packs/photos',
    payload: bytes,
    headers: { 'content-type': contentType, ...(client && { cookie: client.cookie }) },
    remoteAddress: nextAddress(),
  });
}

function request(client: Client | null, method: 'GET' | 'DELETE', url: string) {
  return t.app.inject({ method, url, headers: client ? { cookie: client.cookie } : {} });
}

function call(client: Client | null, url: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: client ? { cookie: client.cookie } : {},
    remoteAddress: nextAddress(),
  });
}

async function uploadAll(client: Client, count = 20): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await upload(client, photos[i % photos.length] ?? Buffer.alloc(0));
    expect(res.statusCode, res.body).toBe(201);
    urls.push(res.json<{ url: string }>().url);
  }
  return urls;
}

function trainBody(client: Client, urls: string[], overrides: object = {}) {
  return {
    user_id: client.id,
    image_urls: urls,
    pack_name: 'Night Shift',
    preview_image_url: urls[0],
    consent: true,
    ...overrides,
  };
}

async function runJobs(): Promise<number> {
  const runner = createJobRunner({ db: t.db, log: t.app.log, kinds: t.app.jobKinds });
  let ran = 0;
  while (await runner.runOnce()) ran += 1;
  return ran;
}

/** Runs jobs until the pack leaves training (the check job is scheduled a moment ahead). */
async function trainToEnd(client: Client, packId: string): Promise<string> {
  for (let round = 0; round < 40; round++) {
    await runJobs();
    const status = (await request(client, 'GET', `/api/klang-packs/${packId}`)).json<{
      pack: { status: string };
    }>().pack.status;
    if (status !== 'training') return status;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error('the pack never left training');
}

async function readyPack(client: Client) {
  const urls = await uploadAll(client);
  const res = await call(client, '/functions/v1/train-klang-pack', trainBody(client, urls));
  expect(res.statusCode, res.body).toBe(200);
  const packId = res.json<{ pack_id: string }>().pack_id;
  expect(await trainToEnd(client, packId)).toBe('ready');
  return { packId, urls };
}

async function filesIn(bucket: string): Promise<string[]> {
  if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
  const root = path.join(t.config.storage.dir, bucket);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** Fetches a signed media URL of the local storage through the app. */
async function fetchMedia(url: string): Promise<LightMyRequestResponse> {
  const { pathname, search } = new URL(url, 'http://localhost');
  return t.app.inject({ method: 'GET', url: pathname + search });
}

describe('Replicate’s webhook', () => {
  it('is not found where no webhook secret could verify it, whatever is sent', async () => {
    for (const contentType of ['application/json', 'text/plain']) {
      const res = await t.app.inject({
        method: 'POST',
        url: klangPacksEndpoints.replicateWebhook.path,
        payload: '{"id":"abc"}',
        headers: { 'content-type': contentType },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: MESSAGES.notFound } });
    }
  });
});

describe('who may create packs', () => {
  it('refuses signed-out visitors on every call', async () => {
    expect((await upload(null, photos[0] ?? Buffer.alloc(0))).statusCode).toBe(401);
    const train = await call(null, '/functions/v1/train-klang-pack', {
      user_id: crypto.randomUUID(),
      image_urls: Array.from({ length: 20 }, () => '/api/klang-packs/photos/x'),
      pack_name: 'x',
      preview_image_url: 'x',
      consent: true,
    });
    expect(train.statusCode).toBe(401);
    expect(train.json()).toMatchObject({ error: MESSAGES.userNotAuthenticated });
    const generate = await call(null, '/functions/v1/generate-klang-image', {
      user_id: crypto.randomUUID(),
      pack_id: crypto.randomUUID(),
      prompt: 'neon',
    });
    expect(generate.statusCode).toBe(401);
    expect((await request(null, 'GET', '/api/klang-packs')).statusCode).toBe(401);
  });

  it('refuses listeners and free artists with the Kit message', async () => {
    const listener = await signUp(t.app, 'listener');
    const free = await signUp(t.app, 'artist');
    await t.db.query(`update artist_profiles set subscription_tier = 'free' where id = $1`, [free.id]);
    for (const client of [listener, free]) {
      const res = await upload(client, photos[0] ?? Buffer.alloc(0));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { message: KIT_MESSAGES.kitBlocked } });
    }
  });

  it('holds the restricted action gate for upload: the demo account gets its message', async () => {
    const demo = await signUp(t.app, 'artist', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      username: 'klangdemo',
    });
    await t.db.query(`update artist_profiles set subscription_tier = 'pro' where id = $1`, [demo.id]);
    const res = await upload(demo, photos[0] ?? Buffer.alloc(0));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { message: M.demoPhotos } });
    const train = await call(demo, '/functions/v1/train-klang-pack', {
      user_id: demo.id,
      image_urls: Array.from({ length: 20 }, () => `/api/klang-packs/photos/${crypto.randomUUID()}`),
      pack_name: 'Demo',
      preview_image_url: 'x',
      consent: true,
    });
    expect(train.json()).toMatchObject({ error: M.demoPhotos });
  });
});

describe('photo uploads (spec 002 §5)', () => {
  it('takes JPEG and PNG, re-encoded as JPEG without their metadata', async () => {
    const artist = await proArtist();
    const withExif = await sharp(photos[0])
      .withMetadata({ exif: { IFD0: { Artist: 'someone' } } })
      .jpeg()
      .toBuffer();
    const jpeg = await upload(artist, withExif);
    expect(jpeg.statusCode).toBe(201);
    const png = await upload(artist, photos[1] ?? Buffer.alloc(0), 'image/png');
    expect(png.statusCode).toBe(201);
    const photo = await request(artist, 'GET', png.json<{ url: string }>().url);
    expect(photo.statusCode).toBe(302);
    const stored = await fetchMedia(photo.headers.location ?? '');
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    const exifPhoto = await fetchMedia(
      (await request(artist, 'GET', jpeg.json<{ url: string }>().url)).headers.location ?? '',
    );
    expect((await sharp(exifPhoto.rawPayload).metadata()).exif).toBeUndefined();
    // A file the browser could not type goes as bytes, decoded like any other; the photo is its owner's only.
    const untyped = await upload(artist, photos[2] ?? Buffer.alloc(0), 'application/octet-stream');
    expect(untyped.statusCode).toBe(201);
    const other = await proArtist();
    expect((await request(other, 'GET', untyped.json<{ url: string }>().url)).statusCode).toBe(404);
    expect((await request(null, 'GET', untyped.json<{ url: string }>().url)).statusCode).toBe(401);
  });

  it('decodes every photo: a renamed text file, a GIF and a truncated JPEG are refused', async () => {
    const artist = await proArtist();
    const text = await upload(artist, Buffer.from('not really a photo at all'.repeat(20)), 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ error: { message: M.photoInvalid } });
    const gif = await sharp(photos[0]).gif().toBuffer();
    expect((await upload(artist, gif, 'image/png')).json()).toMatchObject({
      error: { message: M.photoInvalid },
    });
    const jpeg = photos[0] ?? Buffer.alloc(0);
    const truncated = await upload(artist, jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(truncated.statusCode).toBe(415);
    const webp = await upload(artist, await sharp(photos[0]).webp().toBuffer(), 'image/webp');
    expect(webp.statusCode).toBe(415);
    expect(webp.json()).toMatchObject({ error: { message: M.photoInvalid } });
  });

  it('refuses a photo over 5 MB', async () => {
    const artist = await proArtist();
    const big = Buffer.concat([photos[0] ?? Buffer.alloc(0), Buffer.alloc(5_242_881)]);
    const res = await upload(artist, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { message: M.photoTooLarge } });
  });

  it('discards a photo no pack took once its day is over', async () => {
    const artist = await proArtist();
    const before = await filesIn('artist-packs');
    const res = await upload(artist, photos[2] ?? Buffer.alloc(0));
    expect((await filesIn('artist-packs')).length).toBe(before.length + 1);
    const photoId = res.json<{ photo_id: string }>().photo_id;
    await t.db.query(
      `update jobs set run_at = now() where kind = 'klang-packs.discard-photo' and payload->>'photoId' = $1`,
      [photoId],
    );
    await runJobs();
    expect((await request(artist, 'GET', res.json<{ url: string }>().url)).statusCode).toBe(404);
    expect((await filesIn('artist-packs')).length).toBe(before.length);
  });
});

describe('train-klang-pack rules (spec 002 §5, §8)', () => {
  let artist: Client;
  let urls: string[];
  beforeAll(async () => {
    artist = await proArtist();
    urls = await uploadAll(artist);
  });

  async function refusal(body: object) {
    const res = await call(artist, '/functions/v1/train-klang-pack', body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    return res.json<{ error: string }>().error;
  }

  it('needs 20 images, at most 70, a name and the consent', async () => {
    expect(await refusal(trainBody(artist, urls.slice(0, 19)))).toBe(M.minImages);
    // Twenty URLs naming nineteen photos are nineteen photos.
    expect(await refusal(trainBody(artist, [...urls.slice(0, 19), urls[0] ?? '']))).toBe(M.minImages);
    expect(
      await refusal(
        trainBody(
          artist,
          Array.from({ length: 71 }, (_, i) => urls[i % 20] ?? ''),
        ),
      ),
    ).toBe(M.maxImages);
    expect(await refusal(trainBody(artist, urls, { pack_name: '   ' }))).toBe(M.nameRequired);
    expect(await refusal(trainBody(artist, urls, { consent: false }))).toBe(M.consentRequired);
    const { consent: _omitted, ...withoutConsent } = trainBody(artist, urls);
    expect(await refusal(withoutConsent)).toBe(M.consentRequired);
  });

  it('takes only the caller as user_id and only the caller’s uploaded photos', async () => {
    const other = await proArtist();
    expect(await refusal(trainBody(artist, urls, { user_id: other.id }))).toBe(
      ACCOUNT_MESSAGES.notYourAccount,
    );
    const foreign = await uploadAll(other, 1);
    expect(await refusal(trainBody(artist, [...urls.slice(0, 19), ...foreign]))).toBe(M.photosNotFound);
    expect(await refusal(trainBody(artist, [...urls.slice(0, 19), 'https://example.com/me.jpg']))).toBe(
      M.photosNotFound,
    );
    expect(await refusal(trainBody(artist, urls, { preview_image_url: foreign[0] }))).toBe(M.photosNotFound);
  });

  it('records the consent, starts training at once and will not reuse the photos', async () => {
    // An artist of its own: the refusals above spent most of the other's ten trainings an hour.
    const artist = await proArtist();
    const urls = await uploadAll(artist);
    const refusal = async (body: object) =>
      (await call(artist, '/functions/v1/train-klang-pack', body)).json<{ error: string }>().error;
    const res = await call(artist, '/functions/v1/train-klang-pack', trainBody(artist, urls));
    expect(res.statusCode).toBe(200);
    const packId = res.json<{ pack_id: string }>().pack_id;
    const rows = await t.db.query<{ consent_confirmed_at: Date | null; status: string }>(
      'select consent_confirmed_at, status from klang_packs where id = $1',
      [packId],
    );
    expect(rows[0]?.consent_confirmed_at).toBeInstanceOf(Date);
    expect(rows[0]?.status).toBe('training');
    expect(await refusal(trainBody(artist, urls))).toBe(M.photosNotFound);
  });
});

describe('training, generation and the owner’s reads', () => {
  it('trains to ready, generates stored press shots newest first, deletes one', async () => {
    const artist = await proArtist();
    const { packId } = await readyPack(artist);
    const list = (await request(artist, 'GET', '/api/klang-packs')).json<{
      packs: { id: string; name: string; status: string; preview_image_url: string }[];
    }>();
    expect(list.packs).toEqual([
      expect.objectContaining({ id: packId, name: 'Night Shift', status: 'ready' }),
    ]);
    expect((await fetchMedia(list.packs[0]?.preview_image_url ?? '')).statusCode).toBe(200);

    const first = await call(artist, '/functions/v1/generate-klang-image', {
      user_id: artist.id,
      pack_id: packId,
      prompt: 'moody club DJ shoot, neon lights',
    });
    expect(first.statusCode, first.body).toBe(200);
    const [result] = first.json<{ id: string; image_url: string; prompt: string; pack_id: string }[]>();
    expect(result).toMatchObject({ pack_id: packId, prompt: 'moody club DJ shoot, neon lights' });
    const image = await fetchMedia(result?.image_url ?? '');
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');

    const second = await call(artist, '/functions/v1/generate-klang-image', {
      user_id: artist.id,
      pack_id: packId,
      prompt: 'black and white studio close-up',
    });
    const results = (await request(artist, 'GET', `/api/klang-packs/${packId}/results`)).json<{
      results: { id: string }[];
    }>().results;
    expect(results.map((r) => r.id)).toEqual([second.json<{ id: string }[]>()[0]?.id, result?.id]);

    const filesBefore = await filesIn('pack-results');
    expect(
      (await request(artist, 'DELETE', `/api/klang-packs/${packId}/results/${result?.id ?? ''}`)).statusCode,
    ).toBe(204);
    expect((await filesIn('pack-results')).length).toBe(filesBefore.length - 1);
    expect(
      (await request(artist, 'DELETE', `/api/klang-packs/${packId}/results/${result?.id ?? ''}`)).json(),
    ).toMatchObject({ error: { message: M.deleteFailed } });
  });

  it('refuses to generate from a pack still training, or without a prompt', async () => {
    const artist = await proArtist();
    const urls = await uploadAll(artist);
    const packId = (await call(artist, '/functions/v1/train-klang-pack', trainBody(artist, urls))).json<{
      pack_id: string;
    }>().pack_id;
    const training = await call(artist, '/functions/v1/generate-klang-image', {
      user_id: artist.id,
      pack_id: packId,
      prompt: 'neon',
    });
    expect(training.statusCode).toBe(409);
    expect(training.json()).toMatchObject({ error: M.notReady });
    const blank = await call(artist, '/functions/v1/generate-klang-image', {
      user_id: artist.id,
      pack_id: packId,
      prompt: '  ',
    });
    expect(blank.json()).toMatchObject({ error: M.enterPrompt });
  });

  it('moves the pack to error when the engine cannot train on its photos', async () => {
    const artist = await proArtist();
    const urls = await uploadAll(artist);
    const packId = (await call(artist, '/functions/v1/train-klang-pack', trainBody(artist, urls))).json<{
      pack_id: string;
    }>().pack_id;
    // The photos vanish from storage before the job runs: every attempt fails, then the pack does.
    if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
    const keys = await t.db.query<{ storage_key: string }>(
      `select m.storage_key from klang_pack_images i join media_objects m on m.id = i.media_id where i.pack_id = $1`,
      [packId],
    );
    const dir = t.config.storage.dir;
    await Promise.all(keys.map((k) => rm(path.join(dir, 'artist-packs', k.storage_key))));
    for (let attempt = 0; attempt < 3; attempt++) {
      await t.db.query(
        `update jobs set run_at = now() where kind = 'klang-packs.train' and status <> 'done'`,
      );
      await runJobs();
    }
    const pack = (await request(artist, 'GET', `/api/klang-packs/${packId}`)).json<{
      pack: { status: string };
    }>();
    expect(pack.pack.status).toBe('error');
  });
});

describe('ownership: packs, photos and results are their owner’s alone (spec 002 §6)', () => {
  it('answers another user and a signed-out visitor as if nothing were there', async () => {
    const owner = await proArtist();
    const { packId, urls } = await readyPack(owner);
    const generated = await call(owner, '/functions/v1/generate-klang-image', {
      user_id: owner.id,
      pack_id: packId,
      prompt: 'sunset rooftop',
    });
    const resultId = generated.json<{ id: string }[]>()[0]?.id ?? '';
    const other = await proArtist();

    const reads = [
      ['GET', `/api/klang-packs/${packId}`],
      ['GET', `/api/klang-packs/${packId}/results`],
      ['GET', urls[0] ?? ''],
      ['DELETE', `/api/klang-packs/${packId}/results/${resultId}`],
      ['DELETE', `/api/klang-packs/${packId}`],
    ] as const;
    for (const [method, url] of reads) {
      expect((await request(other, method, url)).statusCode, `${method} ${url} by another user`).toBe(404);
      expect((await request(null, method, url)).statusCode, `${method} ${url} signed out`).toBe(401);
    }
    expect((await request(other, 'GET', '/api/klang-packs')).json()).toEqual({ packs: [] });
    const foreignGenerate = await call(other, '/functions/v1/generate-klang-image', {
      user_id: other.id,
      pack_id: packId,
      prompt: 'neon',
    });
    expect(foreignGenerate.statusCode).toBe(404);
    const asOwner = await call(other, '/functions/v1/generate-klang-image', {
      user_id: owner.id,
      pack_id: packId,
      prompt: 'neon',
    });
    expect(asOwner.statusCode).toBe(403);

    // Everything is still there for the owner.
    expect((await request(owner, 'GET', `/api/klang-packs/${packId}/results`)).json()).toMatchObject({
      results: [{ id: resultId }],
    });
  });

  it('a pack deleted before its training job runs leaves nothing behind', async () => {
    const owner = await proArtist();
    const before = await filesIn('artist-packs');
    const urls = await uploadAll(owner);
    const packId = (await call(owner, '/functions/v1/train-klang-pack', trainBody(owner, urls))).json<{
      pack_id: string;
    }>().pack_id;
    expect((await request(owner, 'DELETE', `/api/klang-packs/${packId}`)).statusCode).toBe(204);
    await runJobs();
    expect((await filesIn('artist-packs')).sort()).toEqual([...before].sort());
  });

  it('deleting a pack deletes its photos, results, model and their files', async () => {
    const owner = await proArtist();
    const before = { photos: await filesIn('artist-packs'), results: await filesIn('pack-results') };
    const { packId } = await readyPack(owner);
    await call(owner, '/functions/v1/generate-klang-image', {
      user_id: owner.id,
      pack_id: packId,
      prompt: 'grunge',
    });
    // 20 photos and the trained model; one press shot.
    expect((await filesIn('artist-packs')).length).toBe(before.photos.length + 21);
    expect((await filesIn('pack-results')).length).toBe(before.results.length + 1);

    expect((await request(owner, 'DELETE', `/api/klang-packs/${packId}`)).statusCode).toBe(204);
    expect((await request(owner, 'GET', `/api/klang-packs/${packId}`)).statusCode).toBe(404);
    expect((await filesIn('artist-packs')).sort()).toEqual([...before.photos].sort());
    expect((await filesIn('pack-results')).sort()).toEqual([...before.results].sort());
    const rows = await t.db.query<{ n: number }>(
      `select count(*)::int as n from media_objects where owner_id = $1`,
      [owner.id],
    );
    expect(rows[0]?.n).toBe(0);
  });
});
