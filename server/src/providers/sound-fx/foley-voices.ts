/**
 * The foley and effect kinds (issue 20): doors, footsteps, glass, water, rain, wind, fire,
 * lasers, crowds and toms. Each is built the way a sound designer would fake it with a synth:
 * a door creak is a stick-slip pulse train through the wood's resonances, rain is thousands of
 * tiny droplets over a hiss, a crowd is many formant-filtered babbling voices. `v` varies
 * timing, pitch and texture per take, so four takes of one prompt differ.
 */
import {
  convertMidiToHz,
  createNoise,
  Oscillator,
  SAMPLE_RATE,
  StateVariableFilter,
} from '../../lib/music/dsp';
import { createRng } from '../../lib/random';
import type { SoundRecipe } from './describe-sound';
import type { Variation } from './sound-voices';

type Voice = (recipe: SoundRecipe, v: Variation, length: number) => Float32Array;

function cutoff(brightness: number, low: number, high: number): number {
  return low * (high / low) ** Math.min(1, Math.max(0, brightness));
}

function rngFor(v: Variation, what: string) {
  return createRng(`${what}:${v.seed}`);
}

/** Adds a decaying noise burst through a band-pass at `at` samples: a tap, a step, a droplet. */
function burst(
  out: Float32Array,
  at: number,
  options: { seconds: number; hz: number; q: number; gain: number; seed: number },
): void {
  const noise = createNoise(options.seed);
  const filter = new StateVariableFilter(Math.min(options.hz, SAMPLE_RATE * 0.45), options.q);
  const length = Math.min(out.length - at, Math.round(options.seconds * 5 * SAMPLE_RATE));
  for (let n = 0; n < length; n++) {
    filter.process(noise());
    out[at + n] =
      (out[at + n] ?? 0) + filter.band * options.gain * Math.exp(-n / (options.seconds * SAMPLE_RATE));
  }
}

/** Adds a decaying sine at `at`: a body thump, a resonance, a bubble. */
function ring(out: Float32Array, at: number, hz: number, seconds: number, gain: number, glide = 0): void {
  const osc = new Oscillator('sine');
  const length = Math.min(out.length - at, Math.round(seconds * 6 * SAMPLE_RATE));
  for (let n = 0; n < length; n++) {
    const t = n / SAMPLE_RATE;
    out[at + n] = (out[at + n] ?? 0) + osc.next(hz * (1 + glide * t)) * gain * Math.exp(-t / seconds);
  }
}

/**
 * A door. Creaking: friction in the hinge sticks and slips, a train of clicks whose rate wanders
 * (slow and low, then faster), rung through three wood resonances. Slammed or knocked: a low body
 * thump, the frame's rattle and a short room.
 */
const door: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const rng = rngFor(v, 'door');
  if (r.struck) {
    const knocks = /* one slam, or two or three knocks */ v.shape < 0.5 ? 1 : 2 + Math.floor(v.shape * 2);
    for (let k = 0; k < knocks; k++) {
      const at = Math.round((k * (0.18 + rng.next() * 0.08) + 0.005) * SAMPLE_RATE);
      if (at >= length) break;
      ring(out, at, convertMidiToHz(38 + r.pitch + v.detune) * (1 + rng.next() * 0.1), 0.09 * v.decay, 0.9);
      ring(out, at, convertMidiToHz(55 + r.pitch + v.detune), 0.03, 0.4);
      burst(out, at, {
        seconds: 0.02 * v.decay,
        hz: cutoff(r.brightness + v.tone, 500, 4000),
        q: 0.5,
        gain: 1.2,
        seed: v.seed + k,
      });
    }
    return out;
  }
  // From a small squeaky hinge to a heavy barn door: the wood's size is the take's.
  const size = 0.55 + v.shape * 1.3;
  const resonances = [380, 820, 1650].map(
    (hz, k) =>
      new StateVariableFilter(
        (hz / size) * 2 ** ((r.pitch + v.detune) / 12) * (0.9 + rng.next() * 0.2),
        0.08 + k * 0.02,
      ),
  );
  const noise = createNoise(v.seed);
  let phase = 0;
  const wobble = 1.5 + v.shape * 3;
  for (let i = 0; i < length; i++) {
    const progress = i / length;
    // The pulse rate: 25 to 120 stick-slips a second, rising over the swing, wandering.
    const rate =
      ((25 + 95 * progress ** (0.6 + v.decay * 0.5)) *
        (1 + 0.25 * Math.sin(2 * Math.PI * wobble * progress))) /
      size;
    phase += rate / SAMPLE_RATE;
    let excitation = noise() * 0.04;
    if (phase >= 1) {
      phase -= 1;
      excitation += 1;
    }
    let sum = 0;
    for (const [k, filter] of resonances.entries()) {
      filter.process(excitation);
      sum += filter.band * (k === 1 ? 1 : 0.6);
    }
    const swell = Math.sin(Math.PI * Math.min(1, progress * 1.05)) ** 0.5;
    out[i] = sum * swell;
  }
  return out;
};

/** Footsteps: heel then toe, a low thump and a scuff, at a walking pace that varies per take. */
const footsteps: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const rng = rngFor(v, 'steps');
  const pace = (0.42 + v.shape * 0.2) / (r.struck ? 0.6 : 1);
  const surface = cutoff(r.brightness + v.tone, 600, 5000);
  for (let k = 0, t = 0.03; t < length / SAMPLE_RATE - 0.1; k++, t += pace * (0.92 + rng.next() * 0.16)) {
    const at = Math.round(t * SAMPLE_RATE);
    const weight = k % 2 === 0 ? 1 : 0.8;
    ring(out, at, convertMidiToHz(33 + r.pitch + v.detune) * (1 + rng.next() * 0.2), 0.035, 0.8 * weight);
    burst(out, at, { seconds: 0.015, hz: surface, q: 0.4, gain: 1.0 * weight, seed: v.seed + k * 7 });
    burst(out, at + Math.round((0.05 + rng.next() * 0.03) * SAMPLE_RATE), {
      seconds: 0.03,
      hz: surface * 1.5,
      q: 0.3,
      gain: 0.5 * weight,
      seed: v.seed + k * 7 + 1,
    });
  }
  return out;
};

/**
 * Glass: inharmonic partials that ring long and high (a clink); breaking, a shower of short
 * bright shards scattered over a second after a crack.
 */
const glass: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const rng = rngFor(v, 'glass');
  const base = convertMidiToHz(88 + r.pitch + v.detune);
  const ratios = [1, 2.32, 4.25, 6.63];
  if (r.struck) {
    burst(out, 0, { seconds: 0.01, hz: 3000, q: 0.3, gain: 1.5, seed: v.seed });
    const shards = 40 + Math.floor(v.shape * 40);
    for (let k = 0; k < shards; k++) {
      const at = Math.round(rng.next() ** 2 * Math.min(1.2, length / SAMPLE_RATE - 0.1) * SAMPLE_RATE);
      ring(out, at, base * (0.7 + rng.next() * 1.6), 0.02 + rng.next() * 0.05, 0.25 * (1 - at / length));
    }
    return out;
  }
  for (const [k, ratio] of ratios.entries())
    ring(out, 0, base * ratio * (1 + (rng.next() - 0.5) * 0.02), (0.5 * v.decay) / (k + 1), 0.5 / (k + 1));
  burst(out, 0, { seconds: 0.004, hz: 6000, q: 0.4, gain: 0.6, seed: v.seed });
  return out;
};

/** Water: bubbles (sines gliding up as they form) over a filtered trickle; a splash is struck. */
const water: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const rng = rngFor(v, 'water');
  const noise = createNoise(v.seed);
  const trickle = new StateVariableFilter(cutoff(r.brightness + v.tone, 800, 5000), 0.3);
  for (let i = 0; i < length; i++) {
    trickle.process(noise());
    out[i] =
      trickle.band * 0.12 * (0.7 + 0.3 * Math.sin((2 * Math.PI * i * (3 + v.shape * 4)) / SAMPLE_RATE));
  }
  const bubbles = Math.round((length / SAMPLE_RATE) * (12 + v.shape * 20));
  for (let k = 0; k < bubbles; k++) {
    const at = Math.floor(rng.next() * length);
    ring(
      out,
      at,
      convertMidiToHz(72 + r.pitch + v.detune + rng.next() * 14),
      0.012 + rng.next() * 0.02,
      0.35,
      6 + rng.next() * 8,
    );
  }
  if (r.struck) burst(out, 0, { seconds: 0.12 * v.decay, hz: 1500, q: 0.2, gain: 2, seed: v.seed + 1 });
  return out;
};

/** Rain: a soft hiss bed and thousands of droplets, each a tiny click at its own pitch. */
const rain: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const rng = rngFor(v, 'rain');
  const noise = createNoise(v.seed);
  const bed = new StateVariableFilter(cutoff(r.brightness + v.tone, 1500, 7000), 0.2);
  for (let i = 0; i < length; i++) {
    bed.process(noise());
    const fade = Math.min(1, i / (SAMPLE_RATE * 0.3), (length - i) / (SAMPLE_RATE * 0.3));
    out[i] = bed.low * (0.1 + 0.3 * v.decay) * fade;
  }
  // Light rain on leaves or a heavy shower on a roof: the droplets' size is the take's.
  const size = 0.5 + v.shape * 2;
  const drops = Math.round((length / SAMPLE_RATE) * (150 + v.shape * 250) * (r.struck ? 2 : 1));
  for (let k = 0; k < drops; k++) {
    const at = Math.floor(rng.next() * (length - 200));
    burst(out, at, {
      seconds: (0.0015 + rng.next() * 0.002) * size,
      hz: (1500 + rng.next() * 5000) / size,
      q: 0.5,
      gain: 0.3 + rng.next() * 0.5,
      seed: v.seed + k,
    });
  }
  return out;
};

/** Wind: noise through a slowly moving band-pass, its level gusting with two slow LFOs. */
const wind: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const noise = createNoise(v.seed);
  const band = new StateVariableFilter(400, 0.15);
  const centre = cutoff(r.brightness + v.tone, 250, 1800) * 2 ** ((r.pitch + v.detune) / 24);
  const gust = [0.13 + v.shape * 0.2, 0.31 + v.decay * 0.2];
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE;
    const level =
      0.55 +
      0.3 * Math.sin(2 * Math.PI * (gust[0] ?? 0.2) * t) +
      0.15 * Math.sin(2 * Math.PI * (gust[1] ?? 0.4) * t + v.shape * 6);
    if (i % 32 === 0) band.setCutoff(centre * (0.6 + level), 0.12 + 0.1 * level);
    band.process(noise());
    const fade = Math.min(1, i / (SAMPLE_RATE * 0.5), (length - i) / (SAMPLE_RATE * 0.5));
    out[i] = band.band * level * fade;
  }
  return out;
};

/** Fire: a low roar, a hiss, and crackles (random pops of random size) that come in clusters. */
const fire: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const rng = rngFor(v, 'fire');
  const noise = createNoise(v.seed);
  const roar = new StateVariableFilter(180 * 2 ** ((r.pitch + v.detune) / 12), 0.3);
  const hiss = new StateVariableFilter(cutoff(r.brightness + v.tone, 2500, 8000), 0.2);
  for (let i = 0; i < length; i++) {
    roar.process(noise());
    hiss.process(noise());
    const breathe = 0.7 + 0.3 * Math.sin((2 * Math.PI * i * (0.4 + v.shape)) / SAMPLE_RATE);
    const fade = Math.min(1, i / (SAMPLE_RATE * 0.3), (length - i) / (SAMPLE_RATE * 0.3));
    out[i] = (roar.low * 0.6 * breathe + hiss.high * 0.04) * fade;
  }
  const pops = Math.round((length / SAMPLE_RATE) * (20 + v.shape * 30));
  let at = Math.floor(rng.next() * SAMPLE_RATE * 0.2);
  for (let k = 0; k < pops && at < length - 100; k++) {
    burst(out, at, {
      seconds: 0.001 + rng.next() * 0.004,
      hz: 1200 + rng.next() * 4000,
      q: 0.6,
      gain: 0.4 + rng.next() ** 3 * 2,
      seed: v.seed + k,
    });
    // Clustered: mostly short gaps, sometimes a long one.
    at += Math.round((rng.next() < 0.7 ? 0.01 + rng.next() * 0.04 : 0.1 + rng.next() * 0.4) * SAMPLE_RATE);
  }
  return out;
};

/** A laser: a fast pitch dive (or rise) of a square and a sine, one shot or a burst of three. */
const laser: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const shots = r.struck || v.shape > 0.66 ? 3 : 1;
  const shotLength = Math.floor(length / shots);
  const top = convertMidiToHz(96 + r.pitch + v.detune * 2);
  const bottom = convertMidiToHz(50 + r.pitch + v.detune);
  const rising = v.shape < 0.2;
  const filter = new StateVariableFilter(cutoff(r.brightness + v.tone, 1500, 9000), 0.3);
  for (let s = 0; s < shots; s++) {
    const square = new Oscillator('square');
    const sine = new Oscillator('sine');
    const speed = 0.06 * v.decay * (shotLength / SAMPLE_RATE) * 4;
    for (let n = 0; n < shotLength; n++) {
      const t = n / SAMPLE_RATE;
      const fall = Math.exp(-t / Math.max(0.01, speed));
      const hz = rising ? top - (top - bottom) * fall : bottom + (top - bottom) * fall;
      filter.process(square.next(hz) * 0.5 + sine.next(hz * 0.5) * 0.5);
      const i = s * shotLength + n;
      out[i] = filter.low * Math.exp(-t / (shotLength / SAMPLE_RATE / 2.5)) * Math.min(1, n / 40);
    }
  }
  return out;
};

/** Vowel formants (F1, F2) the crowd's voices move between. */
const VOWELS = [
  [730, 1090],
  [530, 1840],
  [270, 2290],
  [570, 840],
  [300, 870],
];

/**
 * A crowd: a dozen babbling voices (a buzz at a speaking pitch through two formant filters that
 * jump between vowels at syllable rate); cheering or applause adds a roar and hand claps.
 */
const crowd: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const rng = rngFor(v, 'crowd');
  const people = 10 + Math.floor(v.shape * 8);
  for (let p = 0; p < people; p++) {
    const buzz = new Oscillator('saw', rng.next());
    const pitch = convertMidiToHz(45 + rng.next() * 14 + r.pitch) * 1;
    const f1 = new StateVariableFilter(500, 0.15);
    const f2 = new StateVariableFilter(1500, 0.12);
    const syllable = Math.round(SAMPLE_RATE / (3 + rng.next() * 3));
    let vowel = VOWELS[0] ?? [500, 1500];
    let talking = rng.next() < 0.7;
    for (let i = 0; i < length; i++) {
      if (i % syllable === 0) {
        vowel = VOWELS[Math.floor(rng.next() * VOWELS.length)] ?? vowel;
        f1.setCutoff(vowel[0] ?? 500, 0.15);
        f2.setCutoff(vowel[1] ?? 1500, 0.12);
        if (rng.next() < 0.15) talking = !talking;
      }
      const inSyllable = (i % syllable) / syllable;
      const shape = talking ? Math.sin(Math.PI * inSyllable) : 0;
      const source = buzz.next(pitch * (1 + 0.05 * Math.sin(i / 3000 + p)));
      f1.process(source);
      f2.process(source);
      out[i] = (out[i] ?? 0) + (f1.band + f2.band * 0.6) * shape * (0.5 / Math.sqrt(people));
    }
  }
  if (r.struck) {
    const noise = createNoise(v.seed);
    const roar = new StateVariableFilter(cutoff(r.brightness + v.tone, 800, 3000), 0.3);
    for (let i = 0; i < length; i++) {
      roar.process(noise());
      out[i] = (out[i] ?? 0) + roar.band * 0.4 * Math.min(1, i / (SAMPLE_RATE * 0.2));
    }
    const claps = Math.round((length / SAMPLE_RATE) * 60);
    for (let k = 0; k < claps; k++)
      burst(out, Math.floor(rng.next() * (length - 500)), {
        seconds: 0.004,
        hz: 1200 + rng.next() * 1000,
        q: 0.5,
        gain: 0.35,
        seed: v.seed + k,
      });
  }
  const fade = Math.round(SAMPLE_RATE * 0.3);
  for (let i = 0; i < length; i++) out[i] = (out[i] ?? 0) * Math.min(1, i / fade, (length - i) / fade);
  return out;
};

/** A tom: a pitched drum, its skin gliding down, with a short stick attack. */
const tom: Voice = (r, v, length) => {
  const out = new Float32Array(length);
  const hz = convertMidiToHz(45 + r.pitch + v.detune * 2);
  const body = new Oscillator('sine');
  const overtone = new Oscillator('sine');
  const decay = (length / SAMPLE_RATE) * 0.35 * v.decay;
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE;
    const glide = 1 + 0.5 * Math.exp(-t / 0.04);
    out[i] = (body.next(hz * glide) + overtone.next(hz * 1.6 * glide) * 0.3) * Math.exp(-t / decay);
  }
  burst(out, 0, {
    seconds: 0.006,
    hz: cutoff(r.brightness + v.tone, 1500, 6000),
    q: 0.4,
    gain: 0.8,
    seed: v.seed,
  });
  return out;
};

export const FOLEY_VOICES = { door, footsteps, glass, water, rain, wind, fire, laser, crowd, tom } as const;
