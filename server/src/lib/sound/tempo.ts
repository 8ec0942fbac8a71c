/**
 * Tempo by beat tracking (music-tempo, MIT, decision 0262: spectral-flux onsets, inter-onset
 * clustering, beat agents), folded into the genre's range, with a confidence of our own (decision 0261).
 */
import type { TempoRange } from '@klang/domain';
import MusicTempo from 'music-tempo';

export interface RhythmReading {
  /** The tempo in the genre's range (see `readRhythm`). */
  bpm: number;
  /** 0..1: how strongly the onsets repeat at the tracked beat, and how deep the pulse is. */
  confidence: number;
  /** Onsets per second, an input of energy. */
  onsetsPerSecond: number;
}

/** About 10 ms between onset frames and a 46 ms window, the library's defaults at 44.1 kHz. */
const HOP_SECONDS = 0.01;
const WINDOW_SECONDS = 0.046;

/** A level that swings 6 dB between the 10th and 90th percentile of its 10 ms steps is a full pulse. */
const FULL_PULSE_DB = 6;
const SILENCE_DB = -70;

function powerOfTwoNear(samples: number): number {
  return 2 ** Math.round(Math.log2(samples));
}

/**
 * The normalised autocorrelation of the onset strength at the beat's lag (the best of the lags
 * either side, as the beat rarely falls on a whole frame): near 1 when every beat repeats the
 * last, near 0 for noise or a steady tone, whatever BPM the tracker still reports for them.
 */
export function beatPeriodicity(onsetStrength: readonly number[], lagFrames: number): number {
  const n = onsetStrength.length;
  const mean = onsetStrength.reduce((sum, v) => sum + v, 0) / n;
  const centred = onsetStrength.map((v) => v - mean);
  const variance = centred.reduce((sum, v) => sum + v * v, 0);
  if (variance === 0) return 0;
  let best = 0;
  for (const lag of [Math.floor(lagFrames), Math.ceil(lagFrames)]) {
    if (lag <= 0 || lag >= n) continue;
    let sum = 0;
    for (let i = 0; i + lag < n; i++) sum += (centred[i] ?? 0) * (centred[i + lag] ?? 0);
    best = Math.max(best, sum / variance);
  }
  return best;
}

/**
 * How deep the level pulses, 0..1: the spread of the 10 ms levels in dB. A steady tone has none,
 * though its spectral flux (normalised by music-tempo) can still wobble periodically as the
 * window slides over the wave.
 */
export function pulseDepth(samples: Float32Array, hopSize: number): number {
  const levels: number[] = [];
  for (let start = 0; start + hopSize <= samples.length; start += hopSize) {
    let sum = 0;
    for (let i = start; i < start + hopSize; i++) sum += (samples[i] ?? 0) ** 2;
    const db = 10 * Math.log10(Math.max(sum / hopSize, 1e-12));
    if (db > SILENCE_DB) levels.push(db);
  }
  if (levels.length === 0) return 0;
  levels.sort((a, b) => a - b);
  const at = (q: number) => levels[Math.floor(q * (levels.length - 1))] ?? 0;
  return Math.min(1, (at(0.9) - at(0.1)) / FULL_PULSE_DB);
}

/** How strongly onsets repeat one, two and four beats of `bpm` apart: a groove repeats by the bar. */
function repetitionAt(onsetStrength: readonly number[], timeStep: number, bpm: number): number {
  const lag = 60 / bpm / timeStep;
  return [1, 2, 4].reduce((sum, beats) => sum + beatPeriodicity(onsetStrength, lag * beats), 0) / 3;
}

/** The tempo on a 0.5 BPM grid across `range` whose onsets repeat most strongly. */
function bestRepeatingTempo(onsetStrength: readonly number[], timeStep: number, range: TempoRange): number {
  let best = range.min;
  let bestScore = -Infinity;
  for (let bpm = range.min; bpm <= range.max; bpm += 0.5) {
    const score = repetitionAt(onsetStrength, timeStep, bpm);
    if (score > bestScore) [best, bestScore] = [bpm, score];
  }
  return best;
}

/**
 * Tracks the beat of mono PCM and reads its tempo in the genre's `range`: the tracker's tempo
 * folded by octaves into it; or, when no octave of it lands there (a swung two-step read at
 * three or five quarters of its tempo), the tempo in the range whose onsets repeat most
 * strongly. Null when there are too few onsets to track a beat at all (silence, a tone).
 */
export function readRhythm(
  samples: Float32Array,
  sampleRate: number,
  range: TempoRange,
): RhythmReading | null {
  const hopSize = Math.round(HOP_SECONDS * sampleRate);
  const timeStep = hopSize / sampleRate;
  let tracked: MusicTempo;
  try {
    tracked = new MusicTempo(samples, {
      bufferSize: powerOfTwoNear(WINDOW_SECONDS * sampleRate),
      hopSize,
      timeStep,
    });
  } catch (failure) {
    // The library throws plain strings ("Fail to find peaks") when nothing rhythmic is there.
    if (typeof failure === 'string') return null;
    throw failure;
  }
  const folded = foldTempo(Number(tracked.tempo), range);
  const bpm =
    folded >= range.min && folded <= range.max
      ? folded
      : bestRepeatingTempo(tracked.spectralFlux, timeStep, range);
  return {
    bpm,
    confidence:
      Math.max(0, beatPeriodicity(tracked.spectralFlux, 60 / bpm / timeStep)) * pulseDepth(samples, hopSize),
    onsetsPerSecond: tracked.events.length / (samples.length / sampleRate),
  };
}

/**
 * Folds a tempo by octaves (half and double time) to the one nearest the genre's range, measured
 * as a ratio, so a tracker's 87 reads 174 in Drum n Bass and its 248 reads 124 in House.
 */
export function foldTempo(bpm: number, range: TempoRange): number {
  const distance = (candidate: number) =>
    Math.max(0, Math.log2(range.min / candidate), Math.log2(candidate / range.max));
  let best = bpm;
  for (const factor of [0.25, 0.5, 2, 4]) if (distance(bpm * factor) < distance(best)) best = bpm * factor;
  return best;
}
