import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../storage/local-storage';
import { newStorageKey, type StorageProvider } from '../storage/storage';
import { startFakeReplicate, type FakeReplicate } from '../../test/fakes/fake-replicate';
import { figurePhoto } from './local/test-photos';
import type { KlangPacksProvider } from './klang-packs';
import { createReplicateKlangPacks } from './replicate-klang-packs';
import { signReplicateWebhook, verifyReplicateWebhook } from './replicate-webhook';
import { readStoredZip, storedZip } from './stored-zip';

let fake: FakeReplicate;
let storage: StorageProvider;
let dir: string;
let keys: string[];
const signal = () => AbortSignal.timeout(20_000);

function engine(
  overrides: Partial<Parameters<typeof createReplicateKlangPacks>[0]> = {},
): KlangPacksProvider {
  return createReplicateKlangPacks({
    apiToken: fake.token,
    apiUrl: fake.url,
    trainer: 'ostris/flux-dev-lora-trainer',
    trainerVersion: 'e440909d3512c31646ee2e0c7d6f6f4923224863a6a10c494606e79fb5844497',
    destination: 'klang/artist-packs',
    webhookUrl: 'https://klang.example/api/klang-packs/webhooks/replicate',
    storage,
    pollMs: 10,
    ...overrides,
  });
}

beforeAll(async () => {
  fake = await startFakeReplicate();
  dir = await mkdtemp(path.join(tmpdir(), 'klang-replicate-'));
  storage = createLocalStorage({ dir, signingSecret: 'test-media-secret-0123456789abcdef' });
  keys = [];
  for (let i = 0; i < 20; i++) {
    const key = newStorageKey('jpg');
    await storage.put(
      'artist-packs',
      key,
      await figurePhoto({ width: 200, height: 260, faceX: 0.4 + i * 0.01 }),
      {
        contentType: 'image/jpeg',
      },
    );
    keys.push(key);
  }
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the stored zip', () => {
  it('round-trips names and bytes, and unzip tools read it', async () => {
    const files = [
      { name: 'a.jpg', data: Buffer.from('first') },
      { name: 'b.jpg', data: await figurePhoto({ width: 40, height: 50 }) },
    ];
    const zip = storedZip(files);
    expect(readStoredZip(zip)).toEqual(files);
    const file = path.join(dir, 'set.zip');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, zip);
    const { execFileSync } = await import('node:child_process');
    expect(
      execFileSync('python3', [
        '-c',
        `import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); print(z.testzip())`,
        file,
      ])
        .toString()
        .trim(),
    ).toBe('None');
  });
});

describe('the Replicate pack engine against a fake Replicate', () => {
  it('uploads the photos as one zip and trains the destination model with a webhook', async () => {
    const { modelId } = await engine().startTraining({ packId: 'p1', photoKeys: keys }, signal());
    const training = fake.trainings.get(modelId);
    expect(training).toMatchObject({
      destination: 'klang/artist-packs',
      trainer: expect.stringMatching(/^ostris\/flux-dev-lora-trainer:e44/) as unknown,
      input: { trigger_word: 'TOK' },
      webhook: 'https://klang.example/api/klang-packs/webhooks/replicate',
      webhook_events_filter: ['completed'],
    });
    expect(training?.photos).toHaveLength(20);
    expect((await sharp(training?.photos[0]?.data).metadata()).format).toBe('jpeg');
  });

  it('follows the training by polling: training, then ready or error with the reason', async () => {
    const pack = engine();
    const ok = await pack.startTraining({ packId: 'p2', photoKeys: keys }, signal());
    expect(await pack.checkTraining(ok.modelId, signal())).toEqual({ state: 'training' });
    fake.finishTraining(ok.modelId, 'succeeded');
    expect(await pack.checkTraining(ok.modelId, signal())).toEqual({ state: 'ready' });

    const bad = await pack.startTraining({ packId: 'p3', photoKeys: keys }, signal());
    fake.finishTraining(bad.modelId, 'failed');
    expect(await pack.checkTraining(bad.modelId, signal())).toEqual({
      state: 'error',
      reason: expect.stringContaining('CUDA out of memory') as unknown,
    });
  });

  it('generates from the trained version, waits out a slow prediction and keeps the image itself', async () => {
    const pack = engine();
    const { modelId } = await pack.startTraining({ packId: 'p4', photoKeys: keys }, signal());
    fake.finishTraining(modelId, 'succeeded');
    fake.slowPredictionReads = 2;
    const image = await pack.generate({ modelId, prompt: 'neon club portrait', seed: 7 }, signal());
    fake.slowPredictionReads = 0;
    expect((await sharp(image).metadata()).format).toBe('jpeg');
    const prediction = [...fake.predictions.values()].at(-1);
    const version = fake.trainings.get(modelId)?.output?.version ?? '';
    expect(prediction).toMatchObject({
      version: version.split(':')[1],
      input: { prompt: 'a photo of TOK, neon club portrait', seed: 7 },
      status: 'succeeded',
    });

    await pack.deleteModel(modelId);
    expect(fake.deletedVersions).toContain(version);
    // A second delete finds nothing and is not an error.
    await pack.deleteModel(modelId);
  });

  it('cancels a training still running when its pack goes, and forgets one Replicate no longer has', async () => {
    const pack = engine();
    const { modelId } = await pack.startTraining({ packId: 'p5', photoKeys: keys }, signal());
    expect(await pack.checkTraining(modelId, signal())).toEqual({ state: 'training' });
    await pack.deleteModel(modelId);
    expect(fake.trainings.get(modelId)?.status).toBe('canceled');
    // Cancelled: nothing left to delete, and asking again is not an error.
    await pack.deleteModel(modelId);
    await pack.deleteModel('r8_training_nobody_started');
  });

  it('refuses to generate from an unfinished training, and reports a wrong token', async () => {
    const pack = engine();
    const { modelId } = await pack.startTraining({ packId: 'p5', photoKeys: keys }, signal());
    await expect(pack.generate({ modelId, prompt: 'x', seed: 1 }, signal())).rejects.toThrow(
      /no trained version/,
    );
    await expect(engine({ apiToken: 'r8_wrong' }).checkTraining(modelId, signal())).rejects.toThrow(/401/);
  });
});

describe('Replicate webhook signatures', () => {
  it('accepts the fake’s signed webhook and refuses a changed body, a wrong secret or an old one', () => {
    const id = [...fake.trainings.keys()][0] ?? '';
    const { headers, body } = fake.webhookFor(id);
    const signed = {
      id: headers['webhook-id'],
      timestamp: headers['webhook-timestamp'],
      signature: headers['webhook-signature'],
    };
    expect(verifyReplicateWebhook(fake.webhookSecret, signed, Buffer.from(body))).toBe(true);
    expect(verifyReplicateWebhook(fake.webhookSecret, signed, Buffer.from(body.replace('"', ' "')))).toBe(
      false,
    );
    expect(
      verifyReplicateWebhook(`whsec_${Buffer.from('other').toString('base64')}`, signed, Buffer.from(body)),
    ).toBe(false);
    const old = fake.webhookFor(id, Math.floor(Date.now() / 1000) - 3600);
    expect(
      verifyReplicateWebhook(
        fake.webhookSecret,
        {
          id: old.headers['webhook-id'],
          timestamp: old.headers['webhook-timestamp'],
          signature: old.headers['webhook-signature'],
        },
        Buffer.from(old.body),
      ),
    ).toBe(false);
    // During a rotation Replicate lists several signatures; one valid one suffices.
    const rotated = `v1,${signReplicateWebhook(`whsec_${Buffer.from('old').toString('base64')}`, signed.id ?? '', signed.timestamp ?? '', body)} ${signed.signature ?? ''}`;
    expect(
      verifyReplicateWebhook(fake.webhookSecret, { ...signed, signature: rotated }, Buffer.from(body)),
    ).toBe(true);
  });
});
