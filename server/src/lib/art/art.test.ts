import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SEED_CATALOGUE } from '../../db/seed/catalogue';
import { buildAvatarSvg, renderAvatar } from './avatar';
import { buildCoverSvg, renderCover } from './cover';

const [first, second] = SEED_CATALOGUE.tracks;

async function measureDifference(a: Buffer, b: Buffer): Promise<number> {
  const [pixelsA, pixelsB] = await Promise.all(
    [a, b].map((image) => sharp(image).resize(64, 64).raw().toBuffer()),
  );
  let sum = 0;
  for (let i = 0; i < (pixelsA?.length ?? 0); i++) sum += Math.abs((pixelsA?.[i] ?? 0) - (pixelsB?.[i] ?? 0));
  return sum / (pixelsA?.length ?? 1);
}

describe('renderCover', () => {
  it('renders distinct 1000×1000 JPEG covers', async () => {
    if (first === undefined || second === undefined) throw new Error('catalogue has tracks');
    const [a, b] = await Promise.all([renderCover(first), renderCover(second)]);
    for (const cover of [a, b]) {
      const meta = await sharp(cover).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([1000, 1000]);
    }
    expect(await measureDifference(a, b)).toBeGreaterThan(10);
  });

  it('is deterministic and carries no text, so it can never name the artist', async () => {
    const svgs = SEED_CATALOGUE.tracks.map((track) => buildCoverSvg(track));
    for (const svg of svgs) expect(svg).not.toMatch(/<text|<tspan|<image|href=/);
    expect(new Set(svgs).size).toBe(svgs.length);
    if (first !== undefined) expect((await renderCover(first)).equals(await renderCover(first))).toBe(true);
  });

  it('really rasterizes the artwork (not a blank canvas)', async () => {
    if (first === undefined) throw new Error('catalogue has tracks');
    const stats = await sharp(await renderCover(first)).stats();
    const spread = stats.channels.reduce((sum, channel) => sum + channel.stdev, 0) / stats.channels.length;
    expect(spread).toBeGreaterThan(12);
  });
});

describe('renderAvatar', () => {
  it('renders distinct, text-free 512×512 JPEG avatars', async () => {
    const [a, b] = SEED_CATALOGUE.artists;
    if (a === undefined || b === undefined) throw new Error('catalogue has artists');
    const [imageA, imageB] = await Promise.all([renderAvatar(a), renderAvatar(b)]);
    const meta = await sharp(imageA).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([512, 512]);
    expect(await measureDifference(imageA, imageB)).toBeGreaterThan(10);
    for (const person of [...SEED_CATALOGUE.artists, ...SEED_CATALOGUE.listeners]) {
      expect(buildAvatarSvg(person)).not.toMatch(/<text|<tspan/);
    }
  });
});
