/**
 * Low-level DSP shared by the instruments: filter, band-limited oscillators, noise, saturation.
 * Everything works on plain Float32Arrays at one sample rate; no allocation per sample.
 */

export const SAMPLE_RATE = 44_100;

/**
 * Topology-preserving state-variable filter (Zavalishin): stays stable while its cutoff moves every
 * few samples, which the filter envelopes and sweeps rely on. Read low/band/high after process().
 */
export class StateVariableFilter {
  low = 0;
  band = 0;
  high = 0;
  private ic1 = 0;
  private ic2 = 0;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;
  private k = 2;

  constructor(cutoffHz: number, resonance = 0) {
    this.setCutoff(cutoffHz, resonance);
  }

  /** resonance 0..0.98; the cutoff is clamped below Nyquist so tan() stays finite. */
  setCutoff(cutoffHz: number, resonance: number): void {
    const fc = Math.min(Math.max(cutoffHz, 20), SAMPLE_RATE * 0.45);
    const g = Math.tan((Math.PI * fc) / SAMPLE_RATE);
    this.k = 2 - 2 * Math.min(Math.max(resonance, 0), 0.98);
    this.a1 = 1 / (1 + g * (g + this.k));
    this.a2 = g * this.a1;
    this.a3 = g * this.a2;
  }

  /** Sets the state as if `value` had been the steady input, so a new run starts without a jump. */
  reset(value: number): void {
    this.ic1 = 0;
    this.ic2 = value;
  }

  process(input: number): void {
    const v3 = input - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    this.low = v2;
    this.band = v1;
    this.high = input - this.k * v1 - v2;
  }
}

/** PolyBLEP residual: subtracting it at a saw/square edge removes most of the aliasing. */
export function computePolyBlep(phase: number, increment: number): number {
  if (phase < increment) {
    const t = phase / increment;
    return t + t - t * t - 1;
  }
  if (phase > 1 - increment) {
    const t = (phase - 1) / increment;
    return t * t + t + t + 1;
  }
  return 0;
}

const SINE_TABLE_SIZE = 4096;
const SINE_TABLE = Float32Array.from({ length: SINE_TABLE_SIZE + 1 }, (_, i) =>
  Math.sin((2 * Math.PI * i) / SINE_TABLE_SIZE),
);

/**
 * sin(2π·cycles) from a 4096-point table with linear interpolation (error < 1e-6): the FM voices
 * call it tens of millions of times per track, where Math.sin would cost several times more.
 */
export function lookupSine(cycles: number): number {
  const x = cycles * SINE_TABLE_SIZE;
  const whole = Math.floor(x);
  const index = whole & (SINE_TABLE_SIZE - 1);
  const a = SINE_TABLE[index] ?? 0;
  const b = SINE_TABLE[index + 1] ?? 0;
  return a + (b - a) * (x - whole);
}

export type Waveform = 'saw' | 'square' | 'triangle' | 'sine';

/** A phase-accumulating oscillator; phase is in cycles (0..1). */
export class Oscillator {
  private phase: number;

  constructor(
    private readonly waveform: Waveform,
    startPhase = 0,
  ) {
    this.phase = startPhase;
  }

  next(frequencyHz: number): number {
    const increment = frequencyHz / SAMPLE_RATE;
    const p = this.phase;
    let value: number;
    switch (this.waveform) {
      case 'saw':
        value = 2 * p - 1 - computePolyBlep(p, increment);
        break;
      case 'square': {
        value = p < 0.5 ? 1 : -1;
        value += computePolyBlep(p, increment);
        value -= computePolyBlep((p + 0.5) % 1, increment);
        break;
      }
      case 'triangle':
        // A triangle's harmonics fall at 12 dB/octave, so the naive shape barely aliases.
        value = 4 * Math.abs(p - 0.5) - 1;
        break;
      case 'sine':
        value = lookupSine(p);
        break;
    }
    this.phase = p + increment;
    if (this.phase >= 1) this.phase -= 1;
    return value;
  }
}

/** Deterministic white noise (xorshift32) in -1..1; cheaper than the seeded PRNG per sample. */
export function createNoise(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2147483648 - 1;
  };
}

/** Smooth saturation that keeps small signals linear and bends peaks towards ±1. */
export function saturate(x: number): number {
  if (x > 3) return 1;
  if (x < -3) return -1;
  const x2 = x * x;
  // Padé approximation of tanh; exact enough for audio and cheaper than Math.tanh.
  return (x * (27 + x2)) / (27 + 9 * x2);
}

export function convertMidiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

export function convertDbToGain(db: number): number {
  return 10 ** (db / 20);
}

/** Fades the last few milliseconds of a rendered note to zero, so cutting its tail never clicks. */
export function fadeTail(buffer: Float32Array, seconds = 0.004): Float32Array {
  const length = Math.min(buffer.length, Math.round(seconds * SAMPLE_RATE));
  for (let n = 0; n < length; n++) {
    const i = buffer.length - 1 - n;
    buffer[i] = (buffer[i] ?? 0) * (n / length);
  }
  return buffer;
}

/** Adds `source` into `target` from `offset`, scaled, clipped to the target's length. */
export function mixInto(target: Float32Array, source: Float32Array, offset: number, gain: number): void {
  const start = Math.max(0, offset);
  const end = Math.min(target.length, offset + source.length);
  for (let i = start; i < end; i++) target[i] = (target[i] ?? 0) + (source[i - offset] ?? 0) * gain;
}

/** The sum of squared samples in [start, end): the energy of a stretch of one channel. */
export function sumSquares(channel: Float32Array, start: number, end: number): number {
  let sum = 0;
  for (let i = start; i < end; i++) {
    const value = channel[i] ?? 0;
    sum += value * value;
  }
  return sum;
}
