/** Scale and chord arithmetic in MIDI note numbers. */
import { PITCH_CLASSES, SCALES, type PitchClass, type ScaleName } from './music-params';

export function getPitchClassIndex(key: PitchClass): number {
  return PITCH_CLASSES.indexOf(key);
}

/** MIDI note of a scale degree (any integer; 7 is the octave) above `rootMidi`. */
export function getDegreeMidi(rootMidi: number, scale: ScaleName, degree: number): number {
  const steps = SCALES[scale];
  const octave = Math.floor(degree / 7);
  const index = degree - octave * 7;
  return rootMidi + octave * 12 + (steps[index] ?? 0);
}

/** The tonic's MIDI note nearest to `centerMidi`, so every key sits in the same register. */
export function getTonicNear(key: PitchClass, centerMidi: number): number {
  const pc = getPitchClassIndex(key);
  const below = centerMidi - ((((centerMidi - pc) % 12) + 12) % 12);
  return centerMidi - below > 6 ? below + 12 : below;
}

/**
 * A diatonic chord (stacked thirds) on `degree`, each note folded into one octave window starting
 * at `lowMidi`: voice leading stays smooth because no chord jumps out of the window.
 */
export function buildChord(
  tonicMidi: number,
  scale: ScaleName,
  degree: number,
  size: number,
  lowMidi: number,
): number[] {
  const notes: number[] = [];
  for (let i = 0; i < size; i++) {
    let midi = getDegreeMidi(tonicMidi, scale, degree + 2 * i);
    while (midi < lowMidi) midi += 12;
    while (midi >= lowMidi + 12) midi -= 12;
    notes.push(midi);
  }
  return notes.sort((a, b) => a - b);
}
