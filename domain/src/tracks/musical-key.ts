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
