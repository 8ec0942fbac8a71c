import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../../lib/random';
import { createLocalStorage } from '../../storage/local-storage';
import { newStorageKey, type StorageProvider } from '../../storage/storage';
import { analysePhoto, isSkin, type PhotoAnalysis } from './analyse-photo';
import { createLocalKlangPacks } from './local-klang-packs';
import { styleFromPrompt } from './prompt-style';
import { cropFor, renderPressShot } from './render-press-shot';
import { figurePhoto } from './test-photos';

/** What the tests measure on a rendered shot. */
async function measure(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).resize(192, 240).raw().toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  let saturation = 0;
  let warmth = 0;
  let blue = 0;
  let skin = 0;
  let skinX = 0;
  for (let i = 0; i < n; i++) {
    const r = data[i * 3] ?? 0;
    const g = data[i * 3 + 1] ?? 0;
    const b = data[i * 3 + 2] ?? 0;
    const max = Math.max(r, g, b);
    saturation += max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
    warmth += r - b;
    blue += b;
    if (isSkin(r, g, b)) {
      skin += 1;
      skinX += (i % info.width) / info.width;
    }
  }
  // High-frequency energy of the top band (background above the head): texture, grain, scratches.
  let texture = 0;
  for (let y = 1; y < 30; y++) {
    for (let x = 1; x < info.width - 1; x++) {
      const at = (xx: number, yy: number) => data[(yy * info.width + xx) * 3 + 1] ?? 0;
      texture += Math.abs(4 * at(x, y) - at(x - 1, y) - at(x + 1, y) - at(x, y - 1) - at(x, y + 1));
    }
  }
  return {
    saturation: saturation / n,
    warmth: warmth / n,
    blue: blue / n,
    skinShare: skin / n,
    skinCentreX: skin ? skinX / skin : NaN,
    texture: texture / (29 * (info.width - 2)),
  };
}

let photo: Buffer;
let analysis: PhotoAnalysis;
const render = (prompt: string, seed = 1, input = { photo, analysis }) =>
  renderPressShot({
    photo: input.photo,
    subject: input.analysis.subject,
    style: styleFromPrompt(prompt),
    palette: input.analysis.palette,
    skinTone: input.analysis.skinTone,
    rng: createRng(`${prompt}:${seed}`),
  });

beforeAll(async () => {
  photo = await figurePhoto({ faceX: 0.45, faceY: 0.3 });
  analysis = await analysePhoto(photo);
});

describe('photo analysis', () => {
  it('finds the face where it is, from skin tone', async () => {
    const left = await analysePhoto(await figurePhoto({ faceX: 0.25, faceY: 0.4, faceSize: 0.18 }));
    expect(left.subjectFrom).toBe('skin');
    const centreX = left.subject.x + left.subject.w / 2;
    const centreY = left.subject.y + left.subject.h / 2;
    expect(centreX).toBeGreaterThan(0.2);
    expect(centreX).toBeLessThan(0.3);
    // The neck below the face belongs to the skin region, so its centre sits a little lower.
    expect(centreY).toBeGreaterThan(0.38);
    expect(centreY).toBeLessThan(0.5);
    expect(left.skinTone[0]).toBeGreaterThan(left.skinTone[2]);
  });

  it('falls back to colour saliency when there is no skin', async () => {
    const object = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#777777' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect x="260" y="40" width="100" height="100" fill="#1030ff"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    const found = await analysePhoto(object);
    expect(found.subjectFrom).toBe('saliency');
    expect(found.subject.x + found.subject.w / 2).toBeGreaterThan(0.6);
    expect(found.subject.y + found.subject.h / 2).toBeLessThan(0.4);
  });

  it('scores a sharp, centred photo above a blurred one and an off-centre one', async () => {
    const blurred = await analysePhoto(await figurePhoto({ faceX: 0.45, faceY: 0.3, blur: 8 }));
    const offCentre = await analysePhoto(await figurePhoto({ faceX: 0.12, faceY: 0.75, faceSize: 0.12 }));
    expect(blurred.sharpness).toBeLessThan(analysis.sharpness / 4);
    expect(blurred.score).toBeLessThan(analysis.score);
    expect(offCentre.framing).toBeLessThan(analysis.framing);
  });
});

describe('press-shot rendering', () => {
  it('is the same image for the same prompt and seed, and another for another seed', async () => {
    expect((await render('grunge warehouse', 3)).equals(await render('grunge warehouse', 3))).toBe(true);
    expect((await render('grunge warehouse', 3)).equals(await render('grunge warehouse', 4))).toBe(false);
  });

  it('turns the prompt’s words into measurable differences', async () => {
    const plain = await measure(await render('portrait of the artist'));
    const mono = await measure(await render('black and white portrait'));
    const neon = await measure(await render('neon club portrait'));
    const sunset = await measure(await render('sunset portrait'));
    const grunge = await measure(await render('grunge portrait'));

    expect(mono.saturation).toBeLessThan(0.02);
    expect(plain.saturation).toBeGreaterThan(0.1);
    expect(neon.saturation).toBeGreaterThan(plain.saturation);
    expect(neon.blue).toBeGreaterThan(sunset.blue + 20);
    expect(sunset.warmth).toBeGreaterThan(plain.warmth + 15);
    expect(sunset.warmth).toBeGreaterThan(neon.warmth);
    expect(grunge.texture).toBeGreaterThan(plain.texture * 2);
  });

  it('sets a studio shot against the pack colour farthest from the skin tone', async () => {
    const shot = await renderPressShot({
      photo,
      subject: analysis.subject,
      style: styleFromPrompt('studio portrait'),
      palette: [
        [222, 170, 132],
        [40, 70, 210],
        [30, 50, 160],
      ],
      skinTone: [224, 172, 134],
      rng: createRng('studio'),
    });
    // The top corners are backdrop: blue, not the skin-like beige.
    const { data } = await sharp(shot).extract({ left: 0, top: 0, width: 120, height: 120 }).raw().toBuffer({
      resolveWithObject: true,
    });
    let red = 0;
    let blue = 0;
    for (let i = 0; i < data.length; i += 3) {
      red += data[i] ?? 0;
      blue += data[i + 2] ?? 0;
    }
    expect(blue).toBeGreaterThan(red * 1.3);
  });

  it('frames around the subject region: a close-up fills the frame with the face, centred', async () => {
    const leftPhoto = await figurePhoto({ faceX: 0.28, faceY: 0.35, faceSize: 0.15 });
    const leftAnalysis = await analysePhoto(leftPhoto);
    const input = { photo: leftPhoto, analysis: leftAnalysis };
    const close = await measure(await render('close-up', 1, input));
    const full = await measure(await render('full body', 1, input));
    expect(close.skinShare).toBeGreaterThan(full.skinShare * 3);
    // The face was at 28 % of the photo's width; the close-up puts it near the middle.
    expect(close.skinCentreX).toBeGreaterThan(0.38);
    expect(close.skinCentreX).toBeLessThan(0.62);
    expect(full.skinCentreX).toBeLessThan(0.38);
  });

  it('keeps a close-up tighter than a medium shot, and that tighter than a full one, when the face fills the photo', async () => {
    // A tight headshot: the face alone is 60 % of the photo's height. Before, all three
    // framings were the whole photo, so 'warm sunset close-up' and 'on the beach in summer'
    // gave the same shot (issue 20's pack review, on a seeded artist's portrait).
    const photo = await figurePhoto({ faceSize: 0.6, faceY: 0.45 });
    const headshot = await analysePhoto(photo);
    const [close, medium, full] = (['close-up', 'medium', 'full'] as const).map(
      (framing) => cropFor(600, 800, headshot.subject, framing).height,
    );
    expect(full).toBe(750);
    expect(medium).toBeLessThan((full ?? 0) * 0.9);
    expect(close).toBeLessThan((medium ?? 0) * 0.9);
    // Same light, grade and seed: only the framing tells the two shots apart, and it does.
    const [closeShot, fullShot] = await Promise.all(
      ['warm sunset close-up', 'relaxed on the beach in summer, full body'].map(async (prompt) =>
        sharp(
          await renderPressShot({
            photo,
            subject: headshot.subject,
            style: styleFromPrompt(prompt),
            palette: headshot.palette,
            skinTone: headshot.skinTone,
            rng: createRng('same-seed'),
          }),
        )
          .greyscale()
          .resize(48, 60)
          .raw()
          .toBuffer(),
      ),
    );
    let difference = 0;
    for (let i = 0; i < 48 * 60; i++) difference += Math.abs((closeShot?.[i] ?? 0) - (fullShot?.[i] ?? 0));
    expect(difference / (48 * 60)).toBeGreaterThan(10);
  });
});

describe('the local pack engine', () => {
  let dir: string;
  let storage: StorageProvider;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'klang-local-pack-'));
    storage = createLocalStorage({ dir, signingSecret: 'test-media-secret-0123456789abcdef' });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('ranks the photos, trains for at least its minimum time, renders and forgets its model', async () => {
    let now = 1_000_000;
    const engine = createLocalKlangPacks({ storage, minTrainingMs: 60_000, now: () => now });
    const keys: string[] = [];
    const shapes = [{ blur: 10 }, { faceX: 0.5 }, { faceX: 0.1, faceY: 0.8, faceSize: 0.1 }, { faceX: 0.45 }];
    for (const shape of shapes) {
      const key = newStorageKey('jpg');
      await storage.put('artist-packs', key, await figurePhoto({ width: 300, height: 400, ...shape }), {
        contentType: 'image/jpeg',
      });
      keys.push(key);
    }
    const { modelId } = await engine.startTraining(
      { packId: 'p', photoKeys: keys },
      AbortSignal.timeout(20_000),
    );
    const model = await engine.readModel(modelId);
    // The blurred photo and the far-away one rank last.
    expect(
      model.photos
        .slice(2)
        .map((p) => p.key)
        .sort(),
    ).toEqual([keys[0], keys[2]].sort());
    expect(model.palette.length).toBeGreaterThan(0);

    expect(await engine.checkTraining(modelId, AbortSignal.timeout(1000))).toEqual({ state: 'training' });
    now += 60_000;
    expect(await engine.checkTraining(modelId, AbortSignal.timeout(1000))).toEqual({ state: 'ready' });

    const shot = await engine.generate(
      { modelId, prompt: 'studio close-up', seed: 5 },
      AbortSignal.timeout(20_000),
    );
    expect(await sharp(shot).metadata()).toMatchObject({ format: 'jpeg', width: 768, height: 960 });

    await engine.deleteModel(modelId);
    expect(await engine.checkTraining(modelId, AbortSignal.timeout(1000))).toMatchObject({ state: 'error' });
  });
});
