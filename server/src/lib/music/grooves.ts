/**
 * Drum patterns on a 16-step grid, one family per style: four-to-the-floor for minimal, house and
 * techno, the two-step break of drum & bass, the skipping kick of UK garage. A seeded choice of
 * percussion steps and hat masks keeps grooves of the same style apart.
 */
import type { Rng } from '../random';
import type { MusicStyle } from './music-params';

export type DrumVoice = 'kick' | 'backbeat' | 'ghost' | 'hat' | 'openHat' | 'percHigh' | 'percLow';

export interface DrumHit {
  step: number;
  voice: DrumVoice;
  velocity: number;
}

export interface Groove {
  main: DrumHit[];
  /** Every fourth bar: a small change so loops breathe. */
  variation: DrumHit[];
  /** The last bar before a new section: a roll or a gap that announces it. */
  fill: DrumHit[];
}

const FOUR_ON_FLOOR = [0, 4, 8, 12];
const OFFBEATS = [2, 6, 10, 14];

function createHits(voice: DrumVoice, steps: readonly number[], velocity: number): DrumHit[] {
  return steps.map((step) => ({ step, voice, velocity }));
}

/** A seeded 16th-note hat layer: accents on off-beats, ghosted in between, some steps dropped. */
function createHatLayer(rng: Rng, density: number, accent: number, ghost: number): DrumHit[] {
  const out: DrumHit[] = [];
  for (let step = 0; step < 16; step++) {
    const isOffbeat = step % 4 === 2;
    if (isOffbeat) out.push({ step, voice: 'hat', velocity: accent });
    else if (rng.chance(density)) out.push({ step, voice: 'hat', velocity: ghost * rng.range(0.7, 1.1) });
  }
  return out;
}

function createPercLayer(rng: Rng, candidates: readonly number[], count: number): DrumHit[] {
  const pool = [...candidates];
  const out: DrumHit[] = [];
  for (let i = 0; i < count && pool.length > 0; i++) {
    const index = rng.int(0, pool.length - 1);
    const step = pool.splice(index, 1)[0] ?? 0;
    out.push({ step, voice: rng.chance(0.6) ? 'percHigh' : 'percLow', velocity: rng.range(0.5, 0.9) });
  }
  return out;
}

function removeSteps(pattern: DrumHit[], voice: DrumVoice, from: number): DrumHit[] {
  return pattern.filter((h) => h.voice !== voice || h.step < from);
}

function createFourOnFloor(style: MusicStyle, rng: Rng): Groove {
  const isHouse = style === 'house';
  const isTechno = style === 'techno';
  const backbeatVelocity = isTechno ? 0.55 : 0.85;
  const main = [
    ...createHits('kick', FOUR_ON_FLOOR, 1),
    ...createHits('backbeat', [4, 12], backbeatVelocity),
    ...createHatLayer(rng, isTechno ? 0.9 : isHouse ? 0.55 : 0.35, 0.75, isTechno ? 0.45 : 0.3),
    ...(isHouse || rng.chance(0.5) ? createHits('openHat', OFFBEATS, isHouse ? 0.45 : 0.32) : []),
    ...createPercLayer(rng, [1, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15], rng.int(2, isHouse ? 5 : 4)),
  ];
  const variation = [
    ...main,
    ...createPercLayer(rng, [3, 7, 11, 15], 2),
    ...(rng.chance(0.5) ? createHits('kick', [14], 0.45) : createHits('ghost', [15], 0.35)),
  ];
  const fill = [
    ...removeSteps(removeSteps(main, 'kick', 12), 'backbeat', 12),
    ...createHits('backbeat', [12, 14], backbeatVelocity),
    ...createHits('ghost', [13, 15], 0.5),
  ];
  return { main, variation, fill };
}

function createBreakbeat(rng: Rng): Groove {
  const secondKick = rng.pick([10, 10, 11]);
  const main = [
    ...createHits('kick', [0, secondKick], 1),
    ...(rng.chance(0.5) ? createHits('kick', [7], 0.6) : []),
    ...createHits('backbeat', [4, 12], 1),
    ...createHits(
      'ghost',
      rng.pick([
        [7, 9],
        [9, 15],
        [7, 14],
        [3, 15],
      ]),
      0.3,
    ),
    ...createHits('hat', [0, 2, 4, 6, 8, 10, 12, 14], 0.7),
    ...createHits(
      'hat',
      [1, 5, 9, 13].filter(() => rng.chance(0.6)),
      0.35,
    ),
    ...createHits('openHat', [rng.pick([6, 14])], 0.35),
    ...createPercLayer(rng, [3, 5, 11, 13, 15], 2),
  ];
  const variation = [...removeSteps(main, 'kick', 8), ...createHits('kick', [8, 10], 0.85)];
  const fill = [
    ...removeSteps(removeSteps(main, 'backbeat', 10), 'kick', 10),
    ...createHits('backbeat', [10, 12, 14, 15], 0.8),
    ...createHits('ghost', [11, 13], 0.5),
  ];
  return { main, variation, fill };
}

function createTwoStep(rng: Rng): Groove {
  const kicks = rng.pick([
    [0, 10],
    [0, 9],
    [0, 7, 10],
    [0, 11],
  ]);
  const main = [
    ...createHits('kick', kicks, 1),
    ...createHits('backbeat', [4, 12], 0.9),
    ...createHits('hat', OFFBEATS, 0.7),
    ...createHits(
      'hat',
      [1, 3, 5, 7, 9, 11, 13, 15].filter(() => rng.chance(0.55)),
      0.38,
    ),
    ...createHits('openHat', [rng.pick([6, 14])], 0.35),
    ...createPercLayer(rng, [3, 5, 7, 11, 13, 15], rng.int(2, 4)),
  ];
  const variation = [
    ...main,
    ...createHits('ghost', [rng.pick([7, 15])], 0.35),
    ...createHits('kick', [14], 0.5),
  ];
  const fill = [...removeSteps(main, 'kick', 8), ...createHits('backbeat', [13, 14, 15], 0.55)];
  return { main, variation, fill };
}

/** Creates the track's drum patterns for its style. */
export function createGroove(style: MusicStyle, rng: Rng): Groove {
  switch (style) {
    case 'minimal':
    case 'house':
    case 'techno':
      return createFourOnFloor(style, rng);
    case 'dnb':
      return createBreakbeat(rng);
    case 'garage':
      return createTwoStep(rng);
  }
}
