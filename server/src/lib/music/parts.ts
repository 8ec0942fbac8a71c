/**
 * The pitched parts as seeded one-bar (or two-bar) patterns: bass lines per style and the lead motif.
 * Pitches are scale degrees relative to the chord of the bar, so one pattern follows the progression
 * and never leaves the key.
 */
import type { Rng } from '../random';
import type { BassPattern, MusicParams } from './music-params';

export interface PatternNote {
  step: number;
  lengthSteps: number;
  /** Scale degrees above the current chord's root; 7 is an octave up. */
  degree: number;
  velocity: number;
  /** Glide into this note from the previous one (303 and reese style). */
  isSlide: boolean;
}

function createNote(
  step: number,
  lengthSteps: number,
  degree: number,
  velocity: number,
  isSlide = false,
): PatternNote {
  return { step, lengthSteps, degree, velocity, isSlide };
}

function createOffbeatBass(rng: Rng): PatternNote[] {
  const lastDegree = rng.pick([0, 7, 4]);
  return [
    createNote(2, 2, 0, 0.95),
    createNote(6, 2, 0, 0.9),
    createNote(10, 2, 0, 0.95),
    createNote(14, 2, lastDegree, 0.85),
  ];
}

function createRollingBass(rng: Rng): PatternNote[] {
  const out: PatternNote[] = [];
  for (let step = 0; step < 16; step++) {
    if (step % 4 === 0) continue;
    const degree = rng.chance(0.15) ? rng.pick([7, 4, 2]) : 0;
    out.push(createNote(step, 1, degree, step % 4 === 2 ? 1 : 0.7));
  }
  return out;
}

/** Minimal's rubbery, off-grid bass: a few notes that dodge the kick. */
function createSyncopatedBass(rng: Rng): PatternNote[] {
  const preferred = [3, 6, 7, 10, 11, 14, 15, 2, 13, 9, 5];
  const count = rng.int(4, 7);
  const steps = new Set<number>();
  while (steps.size < count)
    steps.add(rng.chance(0.75) ? rng.pick(preferred.slice(0, 7)) : rng.pick(preferred));
  return [...steps]
    .sort((a, b) => a - b)
    .map((step, i) =>
      createNote(
        step,
        rng.pick([1, 1, 2]),
        i === 0 ? 0 : rng.pick([0, 0, 0, 4, 7, -3, 2]),
        rng.range(0.7, 1),
      ),
    );
}

function createLongBass(rng: Rng): PatternNote[] {
  const second = rng.pick([10, 8, 11]);
  return [
    createNote(0, second, 0, 1),
    createNote(second, 16 - second, rng.pick([0, 4, 7, 2, -1]), 0.9, rng.chance(0.5)),
  ];
}

function createTwoStepBass(rng: Rng): PatternNote[] {
  const layouts = [
    [0, 3, 6, 10],
    [0, 6, 9, 11],
    [0, 3, 7, 10, 13],
    [0, 7, 10, 14],
  ];
  const steps = rng.pick(layouts);
  return steps.map((step, i) => {
    const next = steps[i + 1] ?? 16;
    const degree = i === 0 ? 0 : rng.pick([0, 7, 4, 0, 2]);
    return createNote(
      step,
      Math.max(1, next - step - rng.int(0, 1)),
      degree,
      i === 0 ? 1 : 0.85,
      rng.chance(0.25),
    );
  });
}

function createAcidBass(rng: Rng): PatternNote[] {
  const out: PatternNote[] = [];
  for (let step = 0; step < 16; step++) {
    if (!rng.chance(step % 4 === 0 ? 0.85 : 0.6)) continue;
    const degree = rng.pick([0, 0, 0, 7, 7, 2, 4, -2, 9]);
    out.push(createNote(step, 1, degree, rng.chance(0.3) ? 1 : 0.6, rng.chance(0.25)));
  }
  return out;
}

/** Creates the one-bar bass pattern of a track. */
export function createBassPattern(pattern: BassPattern, rng: Rng): PatternNote[] {
  switch (pattern) {
    case 'offbeat':
      return createOffbeatBass(rng);
    case 'rolling':
      return createRollingBass(rng);
    case 'syncopated':
      return createSyncopatedBass(rng);
    case 'long':
      return createLongBass(rng);
    case 'two-step':
      return createTwoStepBass(rng);
    case 'acid':
      return createAcidBass(rng);
  }
}

/**
 * A lead motif over `lead.motifBars` bars: chord tones (degrees 0, 2, 4, 6 and octaves) on a
 * sparse rhythm, so it sits over any chord of the loop without clashing.
 */
export function createMotif(params: MusicParams, rng: Rng): PatternNote[] {
  const totalSteps = params.lead.motifBars * 16;
  const density = params.lead.sound === 'acid' ? 0.5 : params.lead.sound === 'vox' ? 0.2 : 0.28;
  const out: PatternNote[] = [];
  let step = rng.pick([0, 2, 3]);
  while (step < totalSteps) {
    if (rng.chance(density * 2.2) || out.length === 0) {
      const length = params.lead.sound === 'acid' ? 1 : rng.pick([1, 2, 2, 3, 4]);
      const degree = rng.pick([0, 2, 4, 6, 7, 9, 4, 2]);
      out.push(
        createNote(step, length, degree, rng.range(0.65, 1), params.lead.sound === 'acid' && rng.chance(0.3)),
      );
      step += length + rng.pick([0, 1, 2, 3]);
    } else {
      step += rng.pick([1, 2]);
    }
  }
  return out;
}
