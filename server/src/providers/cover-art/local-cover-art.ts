/**
 * The local cover-art engine: the seeded generative covers of the demo catalogue, steered by the
 * words of a prompt. Colour words and moods pick the hues, shape words pick the composition, and
 * the prompt plus a seed fixes every other choice, so one prompt and seed always give one image
 * and a changed word gives a visibly different one.
 */
import { createVignette, rasterizeCover, COVER_SIZE } from '../../lib/art/cover';
import { COVER_MOTIFS, drawMotif, type CoverMotif } from '../../lib/art/cover-motifs';
import { createPaletteFromSeed } from '../../lib/art/palette';
import { wrapSvg } from '../../lib/art/svg';
import { createRng } from '../../lib/random';
import type { CoverArtProvider } from './cover-art';

/** Hues (degrees) that words call up. */
const HUE_WORDS: Record<string, number> = {
  red: 356,
  crimson: 350,
  fire: 12,
  blood: 352,
  orange: 24,
  amber: 36,
  gold: 44,
  golden: 44,
  yellow: 52,
  sun: 40,
  sunset: 18,
  dawn: 30,
  lime: 90,
  acid: 88,
  green: 130,
  forest: 140,
  jungle: 120,
  mint: 158,
  teal: 176,
  turquoise: 178,
  cyan: 188,
  ice: 196,
  sky: 204,
  ocean: 208,
  sea: 206,
  water: 200,
  blue: 222,
  navy: 230,
  night: 236,
  indigo: 250,
  violet: 268,
  purple: 278,
  lavender: 270,
  magenta: 310,
  pink: 326,
  rose: 340,
  neon: 300,
  desert: 34,
  sand: 38,
  rust: 18,
};
const DARK_WORDS = [
  'night',
  'dark',
  'midnight',
  'deep',
  'shadow',
  'black',
  'space',
  'noir',
  'underground',
  'moody',
];
const LIGHT_WORDS = ['light', 'bright', 'pastel', 'white', 'day', 'summer', 'soft', 'airy', 'morning'];
const VIVID_WORDS = ['neon', 'vivid', 'acid', 'electric', 'loud', 'rave', 'bold', 'hot'];
const MUTED_WORDS = ['muted', 'minimal', 'grey', 'gray', 'calm', 'dusty', 'faded', 'mono', 'monochrome'];
const MOTIF_WORDS: Record<CoverMotif, string[]> = {
  orbits: ['orbit', 'orbits', 'planet', 'space', 'cosmic', 'galaxy', 'moon', 'circle', 'rings', 'star'],
  bauhaus: ['geometric', 'bauhaus', 'shapes', 'grid', 'square', 'triangle', 'abstract', 'modern'],
  waves: ['wave', 'waves', 'ocean', 'sea', 'water', 'flow', 'river', 'sound', 'bass'],
  blobs: ['liquid', 'blob', 'fluid', 'melt', 'lava', 'dream', 'organic', 'smoke'],
  contours: ['mountain', 'map', 'topography', 'contour', 'terrain', 'lines', 'hills', 'desert'],
  sun: ['sun', 'sunset', 'sunrise', 'dawn', 'horizon', 'retro', 'outrun', 'synth', 'summer'],
};

function wordsOf(prompt: string): string[] {
  return prompt.toLowerCase().match(/[a-z]+/g) ?? [];
}

/** The mean of hues on the colour circle (red and magenta average to crimson, not green). */
function circularMean(hues: number[]): number {
  const x = hues.reduce((sum, h) => sum + Math.cos((h * Math.PI) / 180), 0);
  const y = hues.reduce((sum, h) => sum + Math.sin((h * Math.PI) / 180), 0);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** Builds the SVG of the cover for a prompt and seed (exported for tests and inspection). */
export function buildPromptCoverSvg(prompt: string, seed: number): string {
  const words = wordsOf(prompt);
  const rng = createRng(`prompt-cover:${words.join(' ')}:${seed}`);
  const hues = words.flatMap((word) => (HUE_WORDS[word] === undefined ? [] : [HUE_WORDS[word]]));
  const hue = hues.length > 0 ? circularMean(hues) + rng.range(-8, 8) : rng.range(0, 360);
  const has = (list: string[]) => words.some((word) => list.includes(word));
  const isDark = has(DARK_WORDS) ? true : has(LIGHT_WORDS) ? false : rng.chance(0.65);
  const saturation = has(VIVID_WORDS)
    ? rng.range(75, 92)
    : has(MUTED_WORDS)
      ? rng.range(8, 26)
      : rng.range(35, 70);
  // A second colour word is the accent; otherwise a split complement of the base.
  const accent = hues.length > 1 ? (hues[1] ?? hue) : hue + rng.pick([150, 180, 210]);
  const palette = createPaletteFromSeed(
    { hue, accent, saturation, isDark, accentSaturation: Math.min(95, saturation + 20) },
    rng,
  );
  const named = COVER_MOTIFS.filter((motif) => has(MOTIF_WORDS[motif]));
  const motif = named.length > 0 ? rng.pick(named) : rng.pick(COVER_MOTIFS);
  const art = drawMotif(motif, palette, rng);
  const vignette = createVignette(COVER_SIZE, palette.isDark);
  return wrapSvg(COVER_SIZE, art.defs + vignette.defs, art.body + vignette.body);
}

export function createLocalCoverArt(): CoverArtProvider {
  return {
    name: 'local',
    generate: (prompt, seed) => rasterizeCover(buildPromptCoverSvg(prompt, seed)),
  };
}
