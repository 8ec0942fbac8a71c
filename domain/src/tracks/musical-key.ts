/**
 * Musical keys as a DJ reads them: a tonic and a mode, and the key's code on the Camelot wheel
 * (decision 0260). Neighbouring numbers and the same number's other letter mix harmonically.
 */
export const PITCH_CLASS_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
export type PitchClassName = (typeof PITCH_CLASS_NAMES)[number];

export const KEY_MODES = ['major', 'minor'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

export interface MusicalKey {
  /** Pitch class of the tonic, 0 = C … 11 = B. */
  tonic: number;
  mode: KeyMode;
}

/**
 * The key's Camelot code: minor keys are A, major keys B, and the number walks the circle of
 * fifths with C major at 8B and its relative A minor at 8A.
 */
export function toCamelot({ tonic, mode }: MusicalKey): string {
  const relativeMajor = mode === 'major' ? tonic : tonic + 3;
  const number = ((relativeMajor * 7 + 7) % 12) + 1;
  return `${String(number)}${mode === 'minor' ? 'A' : 'B'}`;
}

/** A Camelot code as written: 1A..12B. */
export const CAMELOT_PATTERN = /^([1-9]|1[0-2])[AB]$/;

export function isCamelot(code: string): boolean {
  return CAMELOT_PATTERN.test(code);
}

function camelotParts(code: string): { number: number; letter: 'A' | 'B' } {
  return { number: Number(code.slice(0, -1)), letter: code.endsWith('A') ? 'A' : 'B' };
}

/** The relative key: the same number, the other letter (8A, A minor, and 8B, C major). */
export function relativeCamelot(code: string): string {
  const { number, letter } = camelotParts(code);
  return `${String(number)}${letter === 'A' ? 'B' : 'A'}`;
}

/**
 * The keys that mix harmonically with `code`: itself, its neighbours on the wheel with the same
 * letter (12 and 1 are neighbours), and its relative: 8A takes 8A, 7A, 9A and 8B.
 */
export function compatibleCamelots(code: string): string[] {
  const { number, letter } = camelotParts(code);
  const step = (by: number) => `${String(((number - 1 + by + 12) % 12) + 1)}${letter}`;
  return [code, step(-1), step(1), relativeCamelot(code)];
}
