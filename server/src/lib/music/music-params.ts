/**
 * The parameters that fully describe one synthesized piece. They are plain JSON so they can cross
 * into a worker thread, and they are all a renderer needs: the same params give the same audio.
 */

export const MUSIC_STYLES = ['minimal', 'house', 'techno', 'dnb', 'garage'] as const;
export type MusicStyle = (typeof MUSIC_STYLES)[number];

export const PITCH_CLASSES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
export type PitchClass = (typeof PITCH_CLASSES)[number];

/** Semitone offsets of each seven-note scale. */
export const SCALES = {
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  'harmonic-minor': [0, 2, 3, 5, 7, 8, 11],
  major: [0, 2, 4, 5, 7, 9, 11],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
} as const satisfies Record<string, readonly number[]>;
export type ScaleName = keyof typeof SCALES;

export const ARRANGEMENTS = ['classic', 'slow-burn', 'early-drop', 'hypnotic'] as const;
export type ArrangementName = (typeof ARRANGEMENTS)[number];

export type BassSound = 'pluck' | 'rubber' | 'sub' | 'reese' | 'acid' | 'fm';
export type BassPattern = 'offbeat' | 'rolling' | 'syncopated' | 'long' | 'two-step' | 'acid';
export type ChordSound = 'dub' | 'stab' | 'pad' | 'organ' | 'keys' | 'pluck' | 'none';
export type LeadSound = 'bell' | 'pluck' | 'vox' | 'acid' | 'none';
export type BackbeatSound = 'clap' | 'snare' | 'rim';
export type PercussionSound = 'rim' | 'conga' | 'shaker' | 'cowbell' | 'clave';
export type OscillatorShape = 'saw' | 'square' | 'triangle';

export interface DrumParams {
  /** Fundamental the kick's pitch sweep settles on. */
  kickHz: number;
  kickDecaySeconds: number;
  /** 0 clean .. 1 hard-driven. */
  kickDrive: number;
  backbeat: BackbeatSound;
  /** Body pitch of snare/clap/rim; the noise band follows it. */
  backbeatToneHz: number;
  hatDecaySeconds: number;
  /** High-pass corner of the hats: higher is thinner and brighter. */
  hatToneHz: number;
  percussion: PercussionSound;
}

export interface BassParams {
  sound: BassSound;
  pattern: BassPattern;
  cutoffHz: number;
  resonance: number;
  /** How far the filter envelope opens above the cutoff, in octaves. */
  envelopeOctaves: number;
  decaySeconds: number;
  detuneCents: number;
}

export interface ChordParams {
  sound: ChordSound;
  shape: OscillatorShape;
  /** Oscillators per note; their detune spreads them across the stereo field. */
  voices: number;
  detuneCents: number;
  cutoffHz: number;
  resonance: number;
  attackSeconds: number;
  decaySeconds: number;
  /** 16th-note steps of the bar the chord is struck on. */
  rhythm: number[];
}

export interface LeadParams {
  sound: LeadSound;
  /** 0 dark .. 1 bright. */
  brightness: number;
  decaySeconds: number;
  /** Motif length in bars (1 or 2). */
  motifBars: number;
}

export interface SpaceParams {
  reverbMix: number;
  /** Comb feedback: longer tail as it approaches 1. */
  reverbSize: number;
  delayMix: number;
  /** Delay time in 16th-note steps (3 = dotted eighth). */
  delaySteps: number;
  delayFeedback: number;
}

export interface MusicParams {
  /** Fixes every remaining choice (patterns, motif, noise), so equal params give equal audio. */
  seed: string;
  style: MusicStyle;
  bpm: number;
  key: PitchClass;
  scale: ScaleName;
  durationSeconds: number;
  arrangement: ArrangementName;
  /** Delay of off-beat 16ths as a fraction of a step: 0 straight .. ~0.33 heavy shuffle. */
  swing: number;
  /** Scale degrees (0 = tonic) of the chord loop. */
  progression: number[];
  barsPerChord: number;
  /** 0..1 strength of the kick-triggered ducking of bass and music. */
  sidechain: number;
  drums: DrumParams;
  bass: BassParams;
  chords: ChordParams;
  lead: LeadParams;
  space: SpaceParams;
}
