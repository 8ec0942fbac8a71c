/**
 * Colour palettes per genre, shifted by each item's seed: cool and restrained for minimal, warm
 * for house, acid green on navy for drum & bass, monochrome with a red accent for techno, violet
 * and pink for garage. A listener who likes several tracks of one genre sees a family resemblance.
 */
import type { Genre } from '@klang/domain';
import type { Rng } from '../random';
import { formatHsl } from './svg';

/** The genres cover art has a palette for (the seed's genres). */
export type CoverGenre = Extract<
  Genre,
  'Minimal / Deep Tech' | 'House / Tech House' | 'Drum n Bass' | 'Techno' | 'UK Garage'
>;

export type Hsl = [number, number, number];

export interface Palette {
  background: string;
  backgroundDeep: string;
  /** Four colours for shapes, strongest first. */
  colors: [string, string, string, string];
  /** The same four colours as numbers, for filters that need channel values. */
  tones: [Hsl, Hsl, Hsl, Hsl];
  /** A light or dark line colour that contrasts with the background. */
  ink: string;
  isDark: boolean;
}

interface GenreColours {
  base: [number, number];
  accent: number;
  saturation: [number, number];
}

const GENRE_COLOURS: Record<CoverGenre, GenreColours> = {
  'Minimal / Deep Tech': { base: [168, 214], accent: 32, saturation: [25, 55] },
  'House / Tech House': { base: [8, 42], accent: 328, saturation: [60, 85] },
  'Drum n Bass': { base: [212, 238], accent: 92, saturation: [55, 85] },
  Techno: { base: [220, 240], accent: 356, saturation: [4, 14] },
  'UK Garage': { base: [258, 292], accent: 318, saturation: [45, 75] },
};

/** The few numbers a palette grows from: a base hue, an accent hue and how colourful and dark. */
export interface PaletteSeed {
  hue: number;
  accent: number;
  saturation: number;
  isDark: boolean;
  /** Monochrome palettes (techno) keep a fully saturated accent. */
  accentSaturation: number;
}

/** Creates the palette of one cover or avatar. */
export function createPalette(genre: CoverGenre, rng: Rng): Palette {
  const colours = GENRE_COLOURS[genre];
  const hue = rng.range(colours.base[0], colours.base[1]);
  const accent = colours.accent + rng.range(-10, 10);
  const saturation = rng.range(colours.saturation[0], colours.saturation[1]);
  const isDark = rng.chance(genre === 'House / Tech House' ? 0.45 : 0.75);
  const accentSaturation = genre === 'Techno' ? 80 : Math.min(95, saturation + 15);
  return createPaletteFromSeed({ hue, accent, saturation, isDark, accentSaturation }, rng);
}

/** Creates a palette from its seed numbers (the cover-art engine derives them from a prompt). */
export function createPaletteFromSeed(seed: PaletteSeed, rng: Rng): Palette {
  const { hue, accent, saturation, isDark, accentSaturation } = seed;
  const tones: [Hsl, Hsl, Hsl, Hsl] = isDark
    ? [
        [accent, accentSaturation, rng.range(55, 66)],
        [hue, saturation, rng.range(45, 58)],
        [hue + 25, saturation * 0.8, rng.range(28, 38)],
        [hue - 20, saturation * 0.5, rng.range(72, 84)],
      ]
    : [
        [accent, accentSaturation, rng.range(48, 58)],
        [hue, saturation, rng.range(34, 46)],
        [hue + 30, saturation * 0.9, rng.range(58, 68)],
        [hue - 15, saturation * 0.7, rng.range(18, 26)],
      ];
  const [a, b, c, d] = tones.map((tone) => formatHsl(...tone));
  return {
    background: isDark
      ? formatHsl(hue, saturation * 0.7, rng.range(10, 16))
      : formatHsl(hue, saturation * 0.6, rng.range(82, 90)),
    backgroundDeep: isDark
      ? formatHsl(hue + 12, saturation * 0.8, rng.range(4, 8))
      : formatHsl(hue + 10, saturation * 0.7, rng.range(66, 74)),
    colors: [a ?? '', b ?? '', c ?? '', d ?? ''],
    tones,
    ink: isDark ? formatHsl(hue, 20, 88) : formatHsl(hue, 30, 14),
    isDark,
  };
}
