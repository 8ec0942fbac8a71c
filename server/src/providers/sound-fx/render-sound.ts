/**
 * Renders a recipe to stereo PCM: the kind's voice, then drive, then reverb, then a peak
 * normaliser, so every result is loud enough to audition and never clips.
 */
import { SAMPLE_RATE, saturate, StateVariableFilter } from '../../lib/music/dsp';
import { applyReverb, removeDc } from '../../lib/music/effects';
import { createRng } from '../../lib/random';
import type { SoundRecipe } from './describe-sound';
import { VOICES, type Variation } from './sound-voices';

export interface RenderedSound {
  sampleRate: number;
  left: Float32Array;
  right: Float32Array;
}

// -3 dBFS leaves MP3 reconstruction room to overshoot (local-sound-fx.ts checks the result).
const PEAK = 0.7;

/**
 * This generation's variation, from a seed: four seeds, four audibly different takes (issue 20
 * measures it: a spectral distance between every pair). Pitch moves up to 3 semitones, decays
 * by ±45 %, the tone by a third of the brightness dial, and each take has its own colour: a
 * resonance somewhere between 250 Hz and 6 kHz, boosted or cut, as a different mic or body
 * would give it.
 */
export function createVariation(seed: string): Variation {
  const rng = createRng(`soundfx:${seed}`);
  return {
    seed: Math.floor(rng.next() * 2 ** 32),
    detune: rng.range(-3, 3),
    decay: rng.range(0.6, 1.5),
    tone: rng.range(-0.3, 0.3),
    shape: rng.next(),
    colour: { hz: 250 * 24 ** rng.next(), gain: rng.chance(0.5) ? rng.range(1, 2.5) : rng.range(-0.8, -0.5) },
  };
}

/** The take's colour: the signal plus (or minus) its own band around one frequency. */
function colour(signal: Float32Array, v: Variation): void {
  const filter = new StateVariableFilter(v.colour.hz, 0.35);
  for (let i = 0; i < signal.length; i++) {
    const x = signal[i] ?? 0;
    filter.process(x);
    signal[i] = x + filter.band * v.colour.gain;
  }
}

function drive(signal: Float32Array, amount: number): void {
  if (amount <= 0) return;
  const gain = 1 + amount * 14;
  for (let i = 0; i < signal.length; i++) signal[i] = saturate((signal[i] ?? 0) * gain);
}

function normalise(left: Float32Array, right: Float32Array): void {
  let peak = 0;
  for (let i = 0; i < left.length; i++)
    peak = Math.max(peak, Math.abs(left[i] ?? 0), Math.abs(right[i] ?? 0));
  if (peak === 0) return;
  const gain = PEAK / peak;
  for (let i = 0; i < left.length; i++) {
    left[i] = (left[i] ?? 0) * gain;
    right[i] = (right[i] ?? 0) * gain;
  }
}

/** Fades the last 5 ms so a cut reverb tail never clicks. */
function fadeOut(channel: Float32Array): void {
  const length = Math.min(channel.length, Math.round(0.005 * SAMPLE_RATE));
  for (let n = 0; n < length; n++) {
    const i = channel.length - 1 - n;
    channel[i] = (channel[i] ?? 0) * (n / length);
  }
}

export function renderSound(recipe: SoundRecipe, seed: string): RenderedSound {
  const length = Math.round(recipe.seconds * SAMPLE_RATE);
  const variation = createVariation(seed);
  const dry = VOICES[recipe.kind](recipe, variation, length);
  colour(dry, variation);
  removeDc(dry);
  drive(dry, recipe.distortion);
  const left = Float32Array.from(dry);
  const right = Float32Array.from(dry);
  if (recipe.reverb > 0) {
    applyReverb(dry, left, right, 0.7 + recipe.reverb * 0.25, recipe.reverb * 2.5);
  }
  normalise(left, right);
  fadeOut(left);
  fadeOut(right);
  return { sampleRate: SAMPLE_RATE, left, right };
}
