// The local character-pack engine (decision 0060) on ten typical press-shot prompts (issue 20
// item 7, docs/kit-quality.md). Two packs are trained as the app trains them, through the engine on
// local storage: a seeded artist's portrait (the one picture the seed has of them, shown as the
// packs screen's examples) and ten photos of one made-up person at different framings, walls and
// sharpness (the test photos' figure, as an artist's upload would be). Per prompt: the photo the
// engine picked, the style it read, the output's size and render time, its mean colour, and its
// difference from every other prompt's shot: the perceptual hash (dHash, the picture's structure)
// and the mean pixel difference of small colour copies (its look), so that two prompts giving the
// same picture would show.
//   npx tsx bench/pack-review.ts        (writes bench/results/pack-review.json; images to a temp folder)
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { SEED_ARTISTS } from '../server/src/db/seed/catalogue-artists';
import { renderAvatar } from '../server/src/lib/art/avatar';
import { createLocalKlangPacks } from '../server/src/providers/klang-packs/local/local-klang-packs';
import { styleFromPrompt } from '../server/src/providers/klang-packs/local/prompt-style';
import { figurePhoto } from '../server/src/providers/klang-packs/local/test-photos';
import { createLocalStorage } from '../server/src/providers/storage/local-storage';
import { newStorageKey, type StorageProvider } from '../server/src/providers/storage/storage';

const PROMPTS = [
  'moody neon portrait',
  'black and white studio shot',
  'festival stage at night',
  'warm sunset close-up',
  'gritty underground warehouse',
  'clean magazine editorial',
  'vintage 70s film look',
  'cold blue winter portrait',
  'full body, standing against a pink backdrop',
  'relaxed on the beach in summer',
];
const seeded = SEED_ARTISTS.find((artist) => artist.avatar.motif === 'aura');
if (!seeded) throw new Error('no seeded artist with a head-and-shoulders portrait');
const FIGURES = [
  {},
  { faceX: 0.35, wall: '#7a5a48' },
  { faceX: 0.65, faceSize: 0.3, shirt: '#6b1f2a' },
  { faceY: 0.25, faceSize: 0.15, wall: '#2f3b2c' },
  { width: 800, height: 600, faceX: 0.4, wall: '#8a8f96' },
  { faceSize: 0.35, faceY: 0.4, shirt: '#e8e2d4' },
  { blur: 6 },
  { faceX: 0.55, wall: '#1c2230', shirt: '#3a4a6a' },
  { faceY: 0.3, faceSize: 0.18, wall: '#b08d57', format: 'png' as const },
  { faceX: 0.45, faceSize: 0.26, wall: '#553366' },
];
const PACKS = {
  [`seeded portrait (${seeded.key})`]: [await renderAvatar(seeded)],
  'ten photos of one person': await Promise.all(FIGURES.map((figure) => figurePhoto(figure))),
};

const out = mkdtempSync(path.join(tmpdir(), 'klang-pack-review-'));
const local = createLocalStorage({ dir: path.join(out, 'storage'), signingSecret: 'pack-review' });
/** What the engine reads: its model, then the photo it picked for the shot. */
const reads: string[] = [];
const storage: StorageProvider = {
  ...local,
  read(bucket, key) {
    reads.push(key);
    return local.read(bucket, key);
  },
};
const engine = createLocalKlangPacks({ storage, minTrainingMs: 0 });
const signal = AbortSignal.timeout(120_000);
const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** Mean colour and luminance, a 64-bit difference hash of the greyscale, and a 24×30 colour copy. */
async function measure(jpeg: Buffer) {
  const image = sharp(jpeg);
  const { width, height } = await image.metadata();
  const { channels } = await image.stats();
  const [r, g, b] = channels.map((c) => Math.round(c.mean));
  const grey = await sharp(jpeg).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++)
      hash = (hash << 1n) | ((grey[y * 9 + x] ?? 0) > (grey[y * 9 + x + 1] ?? 0) ? 1n : 0n);
  const luminance = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  return {
    width,
    height,
    meanRgb: [r, g, b],
    luminance: round(luminance),
    dHash: hash.toString(16).padStart(16, '0'),
    thumbnail: await sharp(jpeg).resize(24, 30, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
  };
}
/** Mean absolute difference of two colour copies, 0 (the same picture) to 255. */
function pixelDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}
function hashDistance(a: string, b: string): number {
  let bits = 0;
  for (let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`); x > 0n; x >>= 1n) bits += Number(x & 1n);
  return bits;
}

/** One press shot through the engine, written to `file`, and what was measured of it. */
async function shoot(modelId: string, prompt: string, file: string, photoNumber: (key?: string) => number) {
  const started = performance.now();
  const shot = await engine.generate({ modelId, prompt, seed: 1 }, signal);
  const ms = performance.now() - started;
  writeFileSync(file, shot);
  return {
    prompt,
    photo: photoNumber(reads.at(-1)),
    style: styleFromPrompt(prompt),
    bytes: shot.length,
    ms: Math.round(ms),
    file,
    ...(await measure(shot)),
  };
}

const packs = [];
for (const [pack, photos] of Object.entries(PACKS)) {
  const photoKeys: string[] = [];
  for (const photo of photos) {
    const key = newStorageKey('jpg');
    photoKeys.push(key);
    await storage.put('artist-packs', key, photo, { contentType: 'image/jpeg' });
  }
  const photoNumber = (key: string | undefined) => photoKeys.indexOf(key ?? '') + 1;
  const { modelId } = await engine.startTraining({ packId: pack, photoKeys }, signal);
  const model = await engine.readModel(modelId);
  const folder = path.join(out, pack.replace(/\W+/g, '-'));
  mkdirSync(folder);
  const rows: Awaited<ReturnType<typeof shoot>>[] = [];
  for (const [i, prompt] of PROMPTS.entries())
    rows.push(
      await shoot(
        modelId,
        prompt,
        path.join(folder, `${String(i + 1).padStart(2, '0')}-${prompt.replace(/\W+/g, '-')}.jpg`),
        photoNumber,
      ),
    );
  const pairs = rows.flatMap((a, i) =>
    rows.slice(i + 1).map((b) => ({
      prompts: [a.prompt, b.prompt],
      hashBits: hashDistance(a.dHash, b.dHash),
      pixelDifference: round(pixelDifference(a.thumbnail, b.thumbnail)),
    })),
  );
  const byLook = pairs.sort((a, b) => a.pixelDifference - b.pixelDifference);
  packs.push({
    pack,
    photos: photos.length,
    ranking: model.photos.map((p) => ({
      photo: photoNumber(p.key),
      score: round(p.score, 2),
      subjectFrom: p.subjectFrom,
    })),
    closestPair: byLook[0],
    medianPixelDifference: byLook[Math.floor(byLook.length / 2)]?.pixelDifference,
    sameStructurePairs: pairs.filter((pair) => pair.hashBits === 0).length,
    rows: rows.map(({ thumbnail: _, ...row }) => row),
  });
  console.log(`${pack}: ${rows.map((r) => `${r.prompt} ${r.ms} ms`).join(', ')}`);
}
console.log(`images in ${out}`);
writeFileSync(
  path.join(import.meta.dirname, 'results', 'pack-review.json'),
  `${JSON.stringify({ date: new Date().toISOString(), prompts: PROMPTS, packs }, null, 2)}\n`,
);
