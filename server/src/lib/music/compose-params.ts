/**
 * Turns a short, human-written track description (style, tempo, key, instruments) into complete
 * MusicParams. The remaining knobs (kit tuning, filter settings, envelopes, rhythms) are drawn from
 * genre-typical ranges with the track's own seed, so two tracks with the same recipe still differ.
 */
import { createRng, type Rng } from '../random';
import type {
  BassParams,
  BassPattern,
  BassSound,
  ChordParams,
  ChordSound,
  DrumParams,
  LeadParams,
  LeadSound,
  MusicParams,
  MusicStyle,
  ScaleName,
  SpaceParams,
} from './music-params';

/** What a catalogue entry says about its music; everything else follows from `seed`. */
export interface MusicSpec extends Pick<
  MusicParams,
  'seed' | 'style' | 'bpm' | 'key' | 'scale' | 'durationSeconds' | 'arrangement'
> {
  bass: BassSound;
  chords: ChordSound;
  lead: LeadSound;
  /** Optional fixed chord loop (scale degrees); otherwise one is drawn for the style. */
  progression?: number[];
}

const MINOR_PROGRESSIONS = [
  [0, 5, 2, 6],
  [0, 5, 6, 4],
  [0, 3, 4, 3],
  [0, 6, 5, 6],
  [0, 3, 5, 4],
  [0, 2, 5, 4],
];
const MAJOR_PROGRESSIONS = [
  [0, 4, 5, 3],
  [0, 5, 3, 4],
  [1, 4, 0, 5],
  [0, 3, 1, 4],
];
const DRONE_PROGRESSIONS = [[0], [0, 3], [0, 5], [0, 6], [0, 0, 3, 0], [0, 1]];

const CHORD_RHYTHMS: Record<Exclude<ChordSound, 'none'>, number[][]> = {
  dub: [[3], [2, 10], [0, 6, 11], [3, 11], [6, 14], [0, 10], [3, 8, 14]],
  stab: [
    [2, 6, 10, 14],
    [3, 6, 11, 14],
    [0, 3, 6, 10, 12],
    [2, 10],
    [3, 7, 10],
  ],
  pad: [[0]],
  organ: [
    [0, 3, 6, 10, 13],
    [2, 5, 8, 11, 14],
    [0, 6, 10],
    [3, 7, 10, 14],
  ],
  keys: [[0, 10], [0, 6, 10], [0], [0, 7, 12], [2, 10]],
  pluck: [
    [0, 2, 4, 6, 8, 10, 12, 14],
    [0, 3, 6, 8, 11, 14],
    [0, 3, 6, 9, 12],
  ],
};

function pickProgression(style: MusicStyle, scale: ScaleName, rng: Rng): number[] {
  if (style === 'minimal' || style === 'techno') return [...rng.pick(DRONE_PROGRESSIONS)];
  const isMajor = scale === 'major' || scale === 'mixolydian';
  return [...rng.pick(isMajor ? MAJOR_PROGRESSIONS : MINOR_PROGRESSIONS)];
}

function pickBassPattern(style: MusicStyle, sound: BassSound, rng: Rng): BassPattern {
  if (sound === 'acid') return 'acid';
  switch (style) {
    case 'minimal':
      return 'syncopated';
    case 'house':
      return rng.pick(['offbeat', 'offbeat', 'rolling', 'syncopated'] as const);
    case 'techno':
      return rng.pick(['rolling', 'offbeat'] as const);
    case 'dnb':
      return 'long';
    case 'garage':
      return 'two-step';
  }
}

function createDrums(style: MusicStyle, rng: Rng): DrumParams {
  const byStyle = {
    minimal: { kick: [47, 56], decay: [0.26, 0.38], drive: [0.05, 0.3], backbeat: ['clap', 'rim', 'clap'] },
    house: { kick: [50, 58], decay: [0.3, 0.42], drive: [0.15, 0.35], backbeat: ['clap', 'clap', 'snare'] },
    techno: { kick: [44, 51], decay: [0.34, 0.46], drive: [0.45, 0.85], backbeat: ['clap', 'rim'] },
    dnb: { kick: [52, 62], decay: [0.18, 0.28], drive: [0.2, 0.5], backbeat: ['snare'] },
    garage: { kick: [50, 58], decay: [0.24, 0.34], drive: [0.15, 0.4], backbeat: ['snare', 'clap', 'rim'] },
  } as const;
  const s = byStyle[style];
  const backbeat = rng.pick(s.backbeat);
  return {
    kickHz: rng.range(s.kick[0], s.kick[1]),
    kickDecaySeconds: rng.range(s.decay[0], s.decay[1]),
    kickDrive: rng.range(s.drive[0], s.drive[1]),
    backbeat,
    backbeatToneHz: backbeat === 'snare' ? rng.range(175, 240) : rng.range(800, 1500),
    hatDecaySeconds: style === 'house' ? rng.range(0.04, 0.075) : rng.range(0.025, 0.055),
    hatToneHz: rng.range(6500, 10_500),
    percussion: rng.pick(
      style === 'house'
        ? (['conga', 'shaker', 'cowbell', 'clave'] as const)
        : style === 'techno'
          ? (['rim', 'cowbell', 'shaker'] as const)
          : (['rim', 'clave', 'shaker', 'conga'] as const),
    ),
  };
}

function createBass(style: MusicStyle, sound: BassSound, rng: Rng): BassParams {
  const ranges: Record<
    BassSound,
    { cutoff: [number, number]; res: [number, number]; env: number; decay: [number, number] }
  > = {
    pluck: { cutoff: [220, 520], res: [0.2, 0.5], env: 3, decay: [0.12, 0.24] },
    rubber: { cutoff: [380, 850], res: [0.1, 0.3], env: 1.5, decay: [0.14, 0.28] },
    sub: { cutoff: [180, 360], res: [0, 0.1], env: 0.5, decay: [0.4, 0.8] },
    reese: { cutoff: [280, 650], res: [0.2, 0.4], env: 1, decay: [0.8, 1.2] },
    acid: { cutoff: [260, 480], res: [0.82, 0.93], env: 3.2, decay: [0.14, 0.3] },
    fm: { cutoff: [450, 1100], res: [0.1, 0.3], env: 1.5, decay: [0.14, 0.3] },
  };
  const r = ranges[sound];
  return {
    sound,
    pattern: pickBassPattern(style, sound, rng),
    cutoffHz: rng.range(r.cutoff[0], r.cutoff[1]),
    resonance: rng.range(r.res[0], r.res[1]),
    envelopeOctaves: r.env * rng.range(0.8, 1.2),
    decaySeconds: rng.range(r.decay[0], r.decay[1]),
    detuneCents: sound === 'reese' ? rng.range(10, 24) : rng.range(0, 6),
  };
}

function createChords(sound: ChordSound, rng: Rng): ChordParams {
  const rhythm = sound === 'none' ? [] : [...rng.pick(CHORD_RHYTHMS[sound])];
  const base = { sound, rhythm };
  switch (sound) {
    case 'dub':
      return {
        ...base,
        shape: 'saw',
        voices: 2,
        detuneCents: rng.range(6, 14),
        cutoffHz: rng.range(650, 1400),
        resonance: rng.range(0.3, 0.55),
        attackSeconds: 0.003,
        decaySeconds: rng.range(0.18, 0.34),
      };
    case 'stab':
      return {
        ...base,
        shape: rng.pick(['saw', 'square'] as const),
        voices: 2,
        detuneCents: rng.range(5, 10),
        cutoffHz: rng.range(1500, 3400),
        resonance: rng.range(0.2, 0.4),
        attackSeconds: 0.002,
        decaySeconds: rng.range(0.1, 0.2),
      };
    case 'pad':
      return {
        ...base,
        shape: rng.pick(['saw', 'saw', 'triangle'] as const),
        voices: 3,
        detuneCents: rng.range(9, 22),
        cutoffHz: rng.range(900, 2400),
        resonance: rng.range(0.1, 0.25),
        attackSeconds: rng.range(0.35, 1.1),
        decaySeconds: rng.range(0.6, 1.2),
      };
    case 'organ':
      return {
        ...base,
        shape: 'triangle',
        voices: 1,
        detuneCents: rng.range(0, 3),
        cutoffHz: rng.range(3000, 6000),
        resonance: 0.1,
        attackSeconds: 0.002,
        decaySeconds: rng.range(0.14, 0.28),
      };
    case 'keys':
      return {
        ...base,
        shape: 'triangle',
        voices: 1,
        detuneCents: rng.range(2, 6),
        cutoffHz: rng.range(2400, 5000),
        resonance: 0.05,
        attackSeconds: 0.003,
        decaySeconds: rng.range(0.8, 1.6),
      };
    case 'pluck':
      return {
        ...base,
        shape: rng.pick(['saw', 'square'] as const),
        voices: 1,
        detuneCents: rng.range(0, 6),
        cutoffHz: rng.range(900, 2000),
        resonance: rng.range(0.3, 0.5),
        attackSeconds: 0.002,
        decaySeconds: rng.range(0.2, 0.4),
      };
    case 'none':
      return {
        ...base,
        shape: 'saw',
        voices: 1,
        detuneCents: 0,
        cutoffHz: 1000,
        resonance: 0,
        attackSeconds: 0.01,
        decaySeconds: 0.2,
      };
  }
}

function createLead(sound: LeadSound, rng: Rng): LeadParams {
  const decay: Record<LeadSound, [number, number]> = {
    bell: [0.6, 1.4],
    pluck: [0.5, 1.1],
    vox: [0.25, 0.5],
    acid: [0.14, 0.28],
    none: [0.2, 0.2],
  };
  return {
    sound,
    brightness: rng.range(0.3, 0.9),
    decaySeconds: rng.range(decay[sound][0], decay[sound][1]),
    motifBars: rng.pick([1, 2]),
  };
}

function createSpace(style: MusicStyle, rng: Rng): SpaceParams {
  const wet = style === 'minimal' || style === 'techno' ? 1.3 : style === 'house' ? 0.8 : 1;
  return {
    reverbMix: rng.range(0.14, 0.26) * wet,
    reverbSize: rng.range(0.78, 0.9),
    delayMix: rng.range(0.1, 0.22) * wet,
    delaySteps: rng.pick([3, 3, 6, 2]),
    delayFeedback: rng.range(0.3, 0.55),
  };
}

/** Completes a track's music description with seeded, genre-typical sound design. */
export function createMusicParams(spec: MusicSpec): MusicParams {
  const rng = createRng(`music:${spec.seed}`);
  const swingRanges: Record<MusicStyle, [number, number]> = {
    minimal: [0.04, 0.14],
    house: [0.08, 0.18],
    techno: [0, 0.05],
    dnb: [0, 0.06],
    garage: [0.22, 0.32],
  };
  const sidechainRanges: Record<MusicStyle, [number, number]> = {
    minimal: [0.25, 0.4],
    house: [0.4, 0.6],
    techno: [0.3, 0.45],
    dnb: [0.1, 0.2],
    garage: [0.25, 0.4],
  };
  const progression = spec.progression ?? pickProgression(spec.style, spec.scale, rng);
  return {
    seed: spec.seed,
    style: spec.style,
    bpm: spec.bpm,
    key: spec.key,
    scale: spec.scale,
    durationSeconds: spec.durationSeconds,
    arrangement: spec.arrangement,
    swing: rng.range(...swingRanges[spec.style]),
    progression,
    barsPerChord: progression.length === 1 ? 4 : rng.pick(spec.style === 'minimal' ? [2, 4] : [1, 2]),
    sidechain: rng.range(...sidechainRanges[spec.style]),
    drums: createDrums(spec.style, rng),
    bass: createBass(spec.style, spec.bass, rng),
    chords: createChords(spec.chords, rng),
    lead: createLead(spec.lead, rng),
    space: createSpace(spec.style, rng),
  };
}
