/**
 * Reads a press-shot prompt into the choices the local renderer makes: framing, lighting,
 * colour grade and background treatment. Words it does not know leave the defaults, which are
 * still varied by the prompt's hash so that two prompts rarely give the same picture.
 */
import type { Rgb } from './analyse-photo';

export type Framing = 'close-up' | 'medium' | 'full';
export type Lighting = 'neon' | 'studio' | 'sunset' | 'moody' | 'natural';
export type Grade = 'colour' | 'mono' | 'warm' | 'cool' | 'vintage';
export type Background = 'blur' | 'studio' | 'neon' | 'sunset' | 'grunge' | 'dark';

export interface PressShotStyle {
  framing: Framing;
  lighting: Lighting;
  grade: Grade;
  background: Background;
  grain: boolean;
  /** A colour the prompt names, for the backdrop and lights. */
  accent: Rgb | null;
}

const COLOURS: Record<string, Rgb> = {
  red: [220, 30, 45],
  orange: [240, 120, 30],
  gold: [230, 180, 60],
  yellow: [240, 210, 50],
  green: [40, 190, 90],
  teal: [20, 170, 170],
  cyan: [30, 200, 230],
  blue: [40, 90, 230],
  purple: [140, 60, 220],
  violet: [150, 70, 230],
  pink: [240, 80, 170],
  magenta: [230, 40, 200],
  white: [235, 235, 235],
};

const phrases = (prompt: string) => ` ${prompt.toLowerCase().replace(/[^a-z0-9&]+/g, ' ')} `;
const mentions = (text: string, words: string[]) => words.some((word) => text.includes(` ${word} `));

/** The style a prompt asks for; the first matching rule of each kind wins. */
export function styleFromPrompt(prompt: string): PressShotStyle {
  const text = phrases(prompt);
  const framing: Framing = mentions(text, [
    'close up',
    'closeup',
    'headshot',
    'head shot',
    'face',
    'portrait',
  ])
    ? 'close-up'
    : mentions(text, [
          'full body',
          'full length',
          'full figure',
          'wide shot',
          'wide',
          'standing',
          'head to toe',
        ])
      ? 'full'
      : 'medium';
  const isNeon = mentions(text, ['neon', 'club', 'rave', 'cyberpunk', 'laser', 'lasers', 'dj']);
  const isStudio = mentions(text, ['studio', 'backdrop', 'editorial', 'clean', 'magazine', 'seamless']);
  const isSunset = mentions(text, ['sunset', 'golden hour', 'dusk', 'sunrise', 'beach', 'summer']);
  const isGrunge = mentions(text, ['grunge', 'gritty', 'punk', 'dirty', 'raw', 'underground', 'warehouse']);
  const isMoody = mentions(text, ['moody', 'dark', 'shadow', 'shadows', 'night', 'noir', 'mysterious']);
  const isMono = mentions(text, [
    'black and white',
    'black & white',
    'b&w',
    'bw',
    'monochrome',
    'mono',
    'greyscale',
    'grayscale',
    'noir',
  ]);
  const isVintage = mentions(text, ['vintage', 'film', 'retro', 'analog', 'analogue', '70s', '80s', '90s']);
  const isWarm = mentions(text, ['warm', 'cosy', 'cozy']);
  const isCool = mentions(text, ['cool', 'cold', 'icy', 'winter']);

  const lighting: Lighting = isNeon
    ? 'neon'
    : isStudio
      ? 'studio'
      : isSunset
        ? 'sunset'
        : isMoody
          ? 'moody'
          : 'natural';
  const grade: Grade = isMono
    ? 'mono'
    : isVintage
      ? 'vintage'
      : isSunset || isWarm
        ? 'warm'
        : isCool
          ? 'cool'
          : 'colour';
  const background: Background = isGrunge
    ? 'grunge'
    : isNeon
      ? 'neon'
      : isStudio
        ? 'studio'
        : isSunset
          ? 'sunset'
          : isMoody
            ? 'dark'
            : 'blur';
  const named = Object.keys(COLOURS).find((word) => text.includes(` ${word} `));
  return {
    framing,
    lighting,
    grade,
    background,
    grain: isGrunge || isVintage,
    accent: named ? (COLOURS[named] ?? null) : null,
  };
}
