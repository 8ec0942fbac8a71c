import sharp from 'sharp';
import { klangPacksEndpoints } from '@klang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../jobs/runner';
import { startFakeReplicate, type FakeReplicate } from '../../test/fakes/fake-replicate';
import { figurePhoto } from '../../providers/klang-packs/local/test-photos';
import { nextAddress, signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';

const REPLICATE_WEBHOOK_PATH = klangPacksEndpoints.replicateWebhook.path;

let t: TestApp;
let fake: FakeReplicate;

beforeAll(async () => {
  fake = await startFakeReplicate();
  t = await createTestApp({
    REPLICATE_API_TOKEN: fake.token,
    REPLICATE_API_URL: fake.url,
    REPLICATE_TRAINER_VERSION: 'e440909d3512c31646ee2e0c7d6f6f4923224863a6a10c494606e79fb5844497',
    REPLICATE_DESTINATION: 'klang/artist-packs',
    REPLICATE_WEBHOOK_SECRET: fake.webhookSecret,
    PACK_CHECK_SECONDS: '600',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function runJobs() {
  const runner = createJobRunner({ db: t.db, log: t.app.log, kinds: t.app.jobKinds });
  while (await runner.runOnce());
}

function post(client: Client, url: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { cookie: client.cookie },
    remoteAddress: nextAddress(),
  });
}

async function trainingPack(artist: Client) {
  const urls: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/klang-packs/photos',
      payload: await figurePhoto({ width: 240, height: 320, faceX: 0.3 + i * 0.02 }),
      headers: { 'content-type': 'image/jpeg', cookie: artist.cookie },
      remoteAddress: nextAddress(),
    });
    urls.push(res.json<{ url: string }>().url);
  }
  const res = await post(artist, '/functions/v1/train-klang-pack', {
    user_id: artist.id,
    image_urls: urls,
    pack_name: 'Remote',
    preview_image_url: urls[0],
    consent: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const packId = res.json<{ pack_id: string }>().pack_id;
  await runJobs();
  const [row] = await t.db.query<{ provider: string; provider_model_id: string }>(
    'select provider, provider_model_id from klang_packs where id = $1',
    [packId],
  );
  return { packId, trainingId: row?.provider_model_id ?? '', provider: row?.provider };
}

const status = async (artist: Client, packId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/klang-packs/${packId}`,
      headers: { cookie: artist.cookie },
    })
  ).json<{
    pack: { status: string };
  }>().pack.status;

describe('character packs on Replicate', () => {
  it('names Replicate in health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ providers: { klangPacks: 'replicate', packs: 'replicate' } });
  });

  it('trains on Replicate, learns of the end by signed webhook, copies the press shot into Klang', async () => {
    const artist = await signUp(t.app, 'artist');
    await t.db.query(`update artist_profiles set subscription_tier = 'pro' where id = $1`, [artist.id]);
    const { packId, trainingId, provider } = await trainingPack(artist);
    expect(provider).toBe('replicate');
    expect(fake.trainings.get(trainingId)?.photos).toHaveLength(20);
    expect(fake.trainings.get(trainingId)?.webhook).toBe(`${t.config.publicUrl}${REPLICATE_WEBHOOK_PATH}`);

    fake.finishTraining(trainingId, 'succeeded');
    // The next scheduled check is ten minutes away: only the webhook can make it ready now.
    await runJobs();
    expect(await status(artist, packId)).toBe('training');
    const forged = fake.webhookFor(trainingId);
    const refused = await t.app.inject({
      method: 'POST',
      url: REPLICATE_WEBHOOK_PATH,
      payload: forged.body,
      headers: { ...forged.headers, 'webhook-signature': 'v1,AAAA' },
    });
    expect(refused.statusCode).toBe(401);
    const { headers, body } = fake.webhookFor(trainingId);
    // The signature is over the bytes as sent: the same JSON written another way is not signed,
    // and the signed bytes under another content type are not read at all.
    for (const rewritten of [JSON.stringify(JSON.parse(body), null, 2), `${body}\n`]) {
      const reserialised = await t.app.inject({
        method: 'POST',
        url: REPLICATE_WEBHOOK_PATH,
        payload: rewritten,
        headers,
      });
      expect(reserialised.statusCode).toBe(401);
    }
    const untyped = await t.app.inject({
      method: 'POST',
      url: REPLICATE_WEBHOOK_PATH,
      payload: body,
      headers: { ...headers, 'content-type': 'text/plain' },
    });
    expect(untyped.statusCode).toBe(415);
    await runJobs();
    expect(await status(artist, packId)).toBe('training');
    const accepted = await t.app.inject({
      method: 'POST',
      url: REPLICATE_WEBHOOK_PATH,
      payload: body,
      headers,
    });
    expect(accepted.statusCode).toBe(200);
    await runJobs();
    expect(await status(artist, packId)).toBe('ready');

    const generated = await post(artist, '/functions/v1/generate-klang-image', {
      user_id: artist.id,
      pack_id: packId,
      prompt: 'studio portrait',
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const imageUrl = generated.json<{ image_url: string }[]>()[0]?.image_url ?? '';
    // Served from Klang's own storage, not from the provider's expiring URL.
    expect(imageUrl).not.toContain('127.0.0.1');
    const { pathname, search } = new URL(imageUrl, 'http://localhost');
    const image = await t.app.inject({ method: 'GET', url: pathname + search });
    expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');

    const version = fake.trainings.get(trainingId)?.output?.version;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/klang-packs/${packId}`,
      headers: { cookie: artist.cookie },
    });
    expect(fake.deletedVersions).toContain(version);
  });

  it('moves the pack to error when Replicate reports the training failed', async () => {
    const artist = await signUp(t.app, 'artist');
    await t.db.query(`update artist_profiles set subscription_tier = 'pro' where id = $1`, [artist.id]);
    const { packId, trainingId } = await trainingPack(artist);
    fake.finishTraining(trainingId, 'failed');
    // No webhook this time: the scheduled check (made due here) polls Replicate.
    await t.db.query(`update jobs set run_at = now() where kind = 'klang-packs.check' and status = 'queued'`);
    await runJobs();
    expect(await status(artist, packId)).toBe('error');
  });

  it('stops the training on Replicate when the artist deletes the pack while it trains', async () => {
    const artist = await signUp(t.app, 'artist');
    await t.db.query(`update artist_profiles set subscription_tier = 'pro' where id = $1`, [artist.id]);
    const { packId, trainingId } = await trainingPack(artist);
    expect(await status(artist, packId)).toBe('training');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/klang-packs/${packId}`,
      headers: { cookie: artist.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(fake.trainings.get(trainingId)?.status).toBe('canceled');
  });
});
