import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildPromptCoverSvg, createLocalCoverArt } from './local-cover-art';

describe('local cover-art engine', () => {
  it('is deterministic per prompt and seed, and a changed word or seed changes the picture', () => {
    const a = buildPromptCoverSvg('neon ocean at night', 0);
    expect(buildPromptCoverSvg('neon ocean at night', 0)).toBe(a);
    expect(buildPromptCoverSvg('Neon  OCEAN at night!', 0)).toBe(a);
    expect(buildPromptCoverSvg('neon ocean at night', 1)).not.toBe(a);
    expect(buildPromptCoverSvg('golden desert at dawn', 0)).not.toBe(a);
  });

  it('takes its colours from the words: a red prompt is warmer than a blue one', async () => {
    const engine = createLocalCoverArt();
    const meanHue = async (prompt: string) => {
      const { channels } = await sharp(await engine.generate(prompt, 3)).stats();
      const [r, , b] = channels.map((c) => c.mean);
      return (r ?? 0) - (b ?? 0);
    };
    expect(await meanHue('red fire crimson sunset')).toBeGreaterThan(await meanHue('blue ice ocean sky'));
  });

  it('renders a 1000 px square JPEG with no text in it', async () => {
    const image = await createLocalCoverArt().generate('orbit planet space', 7);
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1000, 1000]);
    expect(buildPromptCoverSvg('orbit planet space', 7)).not.toContain('<text');
  });
});
