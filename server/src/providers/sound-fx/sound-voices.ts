/**
 * One renderer per kind of sound. Each writes a mono dry signal of `length` samples; the recipe's
 * pitch and brightness move oscillators and filters, `v` carries this generation's variation.
 */
import {
  convertMidiToHz,
  createNoise,
  Oscillator,
  SAMPLE_RATE,
  StateVariableFilter,
} from '../../lib/music/dsp';
import type { SoundKind, SoundRecipe } from './describe-sound';
import { FOLEY_VOICES } from './foley-voices';

/** What differs between two generations of one prompt. */
export interface Variation {
  seed: number;
  /** Semitones added to the recipe's pitch. */
  detune: number;
  /** Multiplies decay times. */
  decay: number;
  /** Added to brightness. */
  tone: number;
  /** 0..1, picks a shape where a kind has several (chord voicing, sweep direction). */
  shape: number;
  /** A resonance the take is coloured by (render-sound.ts): centre and band gain (-1..). */
  colour: { hz: number; gain: number };
}

type Voice = (recipe: SoundRecipe, v: Variation, length: number) => Float32Array;

/** The brightness dial as a filter frequency: 0 → low, 1 → high, on a log scale. */
function cutoff(brightness: number, low: number, high: number): number {
  return low * (high / low) ** Math.min(1, Math.max(0, brightness));
}

function seconds(n: number): number {
  return n / SAMPLE_RATE;
}

const kick: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const body = new Oscillator('sine');
  const base = convertMidiToHz(31 + r.pitch + v.detune); // ~49 Hz
  const click = createNoise(v.seed);
  const clickFilter = new StateVariableFilter(cutoff(r.brightness + v.tone, 1500, 9000), 0.2);
  const decay = (seconds(length) * 0.45 + 0.08) * v.decay;
  // Each take has its own pitch drop (a deep 808-like glide to a tight thump) and click level.
  const drop = 2 + v.shape * 4;
  const dropTime = 0.015 + (1 - v.shape) * 0.04;
  const clickLevel = 0.3 + (1 - v.shape) * 0.8;
  for (let i = 0; i < length; i++) {
    const t = seconds(i);
    const frequency = base * (1 + drop * Math.exp(-t / dropTime));
    clickFilter.process(click());
    out[i] =
      body.next(frequency) * Math.exp(-t / decay) + clickFilter.band * Math.exp(-t / 0.004) * clickLevel;
  }
  return out;
};

const snare: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const body = new Oscillator('triangle');
  const noise = createNoise(v.seed);
  const filter = new StateVariableFilter(cutoff(r.brightness + v.tone, 1800, 9000), 0.3);
  const tone = convertMidiToHz(54 + r.pitch + v.detune); // ~185 Hz
  const decay = seconds(length) * 0.3 * v.decay;
  for (let i = 0; i < length; i++) {
    const t = seconds(i);
    filter.process(noise());
    const rattle = (filter.high * 0.7 + filter.band * 0.5) * Math.exp(-t / decay);
    out[i] = body.next(tone * (1 + 0.4 * Math.exp(-t / 0.01))) * Math.exp(-t / 0.05) * 0.8 + rattle;
  }
  return out;
};

const clap: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const noise = createNoise(v.seed);
  const filter = new StateVariableFilter(cutoff(r.brightness + v.tone, 700, 3200) * 2 ** (r.pitch / 24), 0.5);
  const spacing = 0.008 + v.shape * 0.006;
  const bursts = [0, spacing, spacing * 2.1, spacing * 3.3];
  const tail = seconds(length) * 0.3 * v.decay;
  for (let i = 0; i < length; i++) {
    const t = seconds(i);
    let envelope = 0;
    for (const start of bursts) if (t >= start) envelope = Math.max(envelope, Math.exp(-(t - start) / 0.006));
    const last = bursts[bursts.length - 1] ?? 0;
    if (t >= last) envelope = Math.max(envelope, 0.5 * Math.exp(-(t - last) / tail));
    filter.process(noise());
    out[i] = filter.band * envelope * 2;
  }
  return out;
};

/** Six square waves at inharmonic ratios: the metallic core of an 808 hat. */
const HAT_RATIOS = [2, 3, 4.16, 5.43, 6.79, 8.21];

const hat: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const noise = createNoise(v.seed);
  const oscillators = HAT_RATIOS.map(() => new Oscillator('square'));
  const base = 40 * 2 ** ((r.pitch + v.detune) / 12);
  const high = new StateVariableFilter(cutoff(r.brightness + v.tone, 4000, 11_000), 0.2);
  const decay = (r.open ? seconds(length) * 0.4 : seconds(length) * 0.25) * v.decay;
  for (let i = 0; i < length; i++) {
    let metal = 0;
    for (let k = 0; k < oscillators.length; k++)
      metal += oscillators[k]?.next(base * (HAT_RATIOS[k] ?? 1) * 10) ?? 0;
    high.process(metal * 0.12 + noise() * 0.6);
    out[i] = high.high * Math.exp(-seconds(i) / decay);
  }
  return out;
};

const bass: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const saw = new Oscillator('saw');
  const sub = new Oscillator('sine');
  const frequency = convertMidiToHz(36 + r.pitch + v.detune); // ~65 Hz
  const filter = new StateVariableFilter(400, 0.4);
  const open = cutoff(r.brightness + v.tone, 250, 3000);
  const release = Math.min(0.15, seconds(length) * 0.3);
  for (let i = 0; i < length; i++) {
    const t = seconds(i);
    if (i % 32 === 0)
      filter.setCutoff(open * (0.5 + 1.5 * Math.exp(-t / (0.12 * v.decay))), 0.4 + v.shape * 0.3);
    filter.process(saw.next(frequency));
    const envelope = Math.min(1, t / 0.005) * Math.min(1, (seconds(length) - t) / release);
    out[i] = (filter.low * 0.7 + sub.next(frequency) * 0.5) * envelope;
  }
  return out;
};

/** Minor seventh, major seventh, minor ninth: the stab's chord is this generation's pick. */
const VOICINGS = [
  [0, 3, 7, 10],
  [0, 4, 7, 11],
  [0, 3, 7, 14],
];

const stab: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const voicing = VOICINGS[Math.floor(v.shape * VOICINGS.length)] ?? [0, 3, 7];
  const root = 57 + r.pitch + v.detune; // A3
  const voices = voicing.flatMap((interval) => [
    { osc: new Oscillator('saw', 0.1), hz: convertMidiToHz(root + interval) * 1.003 },
    { osc: new Oscillator('saw', 0.6), hz: convertMidiToHz(root + interval) * 0.997 },
  ]);
  const filter = new StateVariableFilter(2000, 0.3);
  const open = cutoff(r.brightness + v.tone, 900, 9000);
  const decay = seconds(length) * 0.35 * v.decay;
  for (let i = 0; i < length; i++) {
    const t = seconds(i);
    if (i % 32 === 0) filter.setCutoff(300 + open * Math.exp(-t / (decay * 0.6)), 0.3);
    let sum = 0;
    for (const voice of voices) sum += voice.osc.next(voice.hz);
    filter.process(sum / voices.length);
    out[i] = filter.low * Math.exp(-t / decay) * Math.min(1, t / 0.002) * 2;
  }
  return out;
};

const riser: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const noise = createNoise(v.seed);
  const band = new StateVariableFilter(200, 0.7);
  const tone = new Oscillator('saw');
  const top = cutoff(r.brightness + v.tone, 2500, 12_000);
  const start = convertMidiToHz(45 + r.pitch + v.detune);
  for (let i = 0; i < length; i++) {
    const progress = i / length;
    if (i % 32 === 0) band.setCutoff(200 * (top / 200) ** progress, 0.7);
    band.process(noise() + tone.next(start * 2 ** (progress * (2 + v.shape))) * 0.15);
    out[i] = band.band * progress ** (1.5 + v.decay) * 2;
  }
  return out;
};

const impact: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const boom = new Oscillator('sine');
  const noise = createNoise(v.seed);
  const low = new StateVariableFilter(cutoff(r.brightness + v.tone, 300, 5000), 0.1);
  const base = convertMidiToHz(26 + r.pitch + v.detune); // ~37 Hz
  const decay = seconds(length) * 0.3 * v.decay;
  for (let i = 0; i < length; i++) {
    const t = seconds(i);
    low.process(noise());
    const body = boom.next(base * (1 + 2 * Math.exp(-t / 0.08))) * Math.exp(-t / decay);
    out[i] = body + low.low * Math.exp(-t / (decay * 0.4)) * 0.8;
  }
  return out;
};

const sweep: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const noise = createNoise(v.seed);
  const band = new StateVariableFilter(500, 0.6);
  const top = cutoff(r.brightness + v.tone, 2000, 12_000) * 2 ** (r.pitch / 24);
  const rising = v.shape < 0.5;
  for (let i = 0; i < length; i++) {
    const progress = i / length;
    const position = rising ? progress : 1 - progress;
    if (i % 32 === 0) band.setCutoff(150 * (top / 150) ** position, 0.6);
    band.process(noise());
    // A bell-shaped swell: silent at both ends, loudest where the filter moves fastest.
    out[i] = band.band * Math.sin(Math.PI * progress) ** (1 + v.decay) * 1.5;
  }
  return out;
};

const vinyl: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const noise = createNoise(v.seed);
  const hiss = new StateVariableFilter(cutoff(r.brightness + v.tone, 2000, 9000), 0.1);
  const rumble = new StateVariableFilter(60, 0.2);
  const crackle = new StateVariableFilter(3000, 0.5);
  const density = 0.0006 * (0.6 + v.shape);
  let pop = 0;
  for (let i = 0; i < length; i++) {
    const n = noise();
    hiss.process(n);
    rumble.process(noise());
    // Crackle: rare impulses of random size, rung through a band-pass so they click, not tick.
    if (Math.abs(noise()) < density) pop = n;
    crackle.process(pop);
    pop *= 0.3;
    const fade = Math.min(1, i / 2000, (length - i) / 2000);
    out[i] = (hiss.low * 0.08 + rumble.low * 0.6 + crackle.band * 1.5) * fade;
  }
  return out;
};

const ambience: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const root = 48 + r.pitch + v.detune;
  const intervals = v.shape < 0.5 ? [0, 7, 12, 16, 19] : [0, 5, 12, 15, 22];
  const voices = intervals.map((interval, k) => ({
    osc: new Oscillator(k % 2 === 0 ? 'triangle' : 'sine', k / 5),
    hz: convertMidiToHz(root + interval) * (1 + (k - 2) * 0.002),
    lfo: 0.07 + k * 0.031,
  }));
  const noise = createNoise(v.seed);
  const air = new StateVariableFilter(cutoff(r.brightness + v.tone, 800, 7000), 0.2);
  const fade = Math.min(length / 3, SAMPLE_RATE * 1.5 * v.decay);
  for (let i = 0; i < length; i++) {
    const t = seconds(i);
    let sum = 0;
    for (const voice of voices)
      sum += voice.osc.next(voice.hz) * (0.6 + 0.4 * Math.sin(2 * Math.PI * voice.lfo * t));
    air.process(noise());
    const envelope = Math.min(1, i / fade, (length - i) / fade);
    out[i] = (sum / voices.length + air.band * 0.25 * (0.5 + r.brightness)) * envelope;
  }
  return out;
};

export const VOICES: Record<SoundKind, Voice> = {
  kick,
  snare,
  clap,
  hat,
  bass,
  stab,
  riser,
  impact,
  sweep,
  vinyl,
  ambience,
  ...FOLEY_VOICES,
};
