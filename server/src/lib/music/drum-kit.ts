/**
 * One-shot drum sounds, synthesized once per track (sine sweeps, filtered noise, metallic square
 * clusters) and then mixed in at every hit. Rendering each hit again would cost ~40× more CPU for
 * the same sound, since a groove repeats the same few samples hundreds of times.
 */
import { createNoise, saturate, SAMPLE_RATE, StateVariableFilter } from './dsp';
import type { BackbeatSound, DrumParams, PercussionSound } from './music-params';

export interface DrumKit {
  kick: Float32Array;
  backbeat: Float32Array;
  /** A quiet variant of the backbeat for ghost notes and rolls. */
  ghost: Float32Array;
  hat: Float32Array;
  openHat: Float32Array;
  percHigh: Float32Array;
  percLow: Float32Array;
  crash: Float32Array;
}

function allocate(seconds: number): Float32Array {
  return new Float32Array(Math.ceil(seconds * SAMPLE_RATE));
}

function renderKick(p: DrumParams, seed: number): Float32Array {
  // The body dies well before the next beat: long sine tails of successive kicks sum to a drone.
  const out = allocate(p.kickDecaySeconds * 1.6);
  const bodyTime = p.kickDecaySeconds * 0.42;
  const noise = createNoise(seed);
  const click = new StateVariableFilter(3500, 0.2);
  const startHz = p.kickHz * 3.6;
  const drive = 1 + p.kickDrive * 4;
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    const hz = p.kickHz + (startHz - p.kickHz) * Math.exp(-t / 0.032);
    phase += hz / SAMPLE_RATE;
    const attack = Math.min(1, t / 0.0008);
    const tailFade = Math.min(1, (out.length - i) / (0.3 * out.length));
    const body = Math.sin(2 * Math.PI * phase) * Math.exp(-t / bodyTime) * attack * tailFade;
    click.process(noise());
    const transient = click.band * Math.exp(-t / 0.004) * 0.5;
    out[i] = saturate((body + transient) * drive) * 0.95;
  }
  return out;
}

/** Bursts of band-passed noise a few ms apart: the smeared attack of many hands. */
function renderClap(toneHz: number, seed: number): Float32Array {
  const out = allocate(0.45);
  const noise = createNoise(seed);
  const band = new StateVariableFilter(toneHz, 0.55);
  const bursts = [0, 0.009, 0.019, 0.028];
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    let envelope = 0;
    for (const start of bursts)
      if (t >= start) envelope = Math.max(envelope, Math.exp(-(t - start) / 0.0045));
    const last = bursts[bursts.length - 1] ?? 0;
    if (t >= last) envelope = Math.max(envelope, 0.6 * Math.exp(-(t - last) / 0.11));
    band.process(noise());
    out[i] = band.band * envelope * 2.2;
  }
  return out;
}

function renderSnare(toneHz: number, seed: number): Float32Array {
  const out = allocate(0.4);
  const noise = createNoise(seed);
  const hiss = new StateVariableFilter(5200, 0.15);
  let bodyPhase = 0;
  let overtonePhase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    const hz = toneHz * (1 + 0.5 * Math.exp(-t / 0.01));
    bodyPhase += hz / SAMPLE_RATE;
    overtonePhase += (hz * 1.63) / SAMPLE_RATE;
    const body =
      Math.sin(2 * Math.PI * bodyPhase) * Math.exp(-t / 0.055) * 0.7 +
      Math.sin(2 * Math.PI * overtonePhase) * Math.exp(-t / 0.035) * 0.35;
    hiss.process(noise());
    const snares = (hiss.band + hiss.high * 0.5) * Math.exp(-t / 0.13) * 0.9;
    out[i] = saturate((body + snares) * 1.3);
  }
  return out;
}

function renderRim(toneHz: number, seed: number): Float32Array {
  const out = allocate(0.12);
  const noise = createNoise(seed);
  const band = new StateVariableFilter(toneHz * 1.5, 0.7);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    phase += (toneHz * 1.2) / SAMPLE_RATE;
    band.process(noise() * Math.exp(-t / 0.002) + Math.sin(2 * Math.PI * phase) * Math.exp(-t / 0.02));
    out[i] = band.band * 1.8;
  }
  return out;
}

/** Six detuned squares at TR-808 ratios through a high-pass: metal rather than plain hiss. */
function renderMetal(decaySeconds: number, toneHz: number, seed: number, length: number): Float32Array {
  const out = allocate(length);
  const noise = createNoise(seed);
  const ratios = [1, 1.4471, 1.617, 1.9265, 2.5028, 2.6637];
  const base = 205 + (seed % 60);
  const phases = ratios.map(() => 0);
  const high = new StateVariableFilter(toneHz, 0.35);
  const air = new StateVariableFilter(toneHz * 1.2, 0.1);
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    let metal = 0;
    for (let r = 0; r < ratios.length; r++) {
      const next = (phases[r] ?? 0) + (base * (ratios[r] ?? 1)) / SAMPLE_RATE;
      phases[r] = next - Math.floor(next);
      metal += (phases[r] ?? 0) < 0.5 ? 1 : -1;
    }
    high.process(metal / 6);
    air.process(noise());
    const envelope = Math.exp(-t / decaySeconds) * Math.min(1, t / 0.0005);
    out[i] = (high.high * 0.6 + air.high * 0.55) * envelope;
  }
  return out;
}

function renderTonalPerc(hz: number, decaySeconds: number, bend: number, seed: number): Float32Array {
  const out = allocate(decaySeconds * 5);
  const noise = createNoise(seed);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    phase += (hz * (1 + bend * Math.exp(-t / 0.012))) / SAMPLE_RATE;
    const tone = Math.sin(2 * Math.PI * phase) * Math.exp(-t / decaySeconds);
    out[i] = tone * 0.8 + noise() * Math.exp(-t / 0.0015) * 0.25;
  }
  return out;
}

function renderCowbell(hz: number, seed: number): Float32Array {
  const out = allocate(0.4);
  const band = new StateVariableFilter(hz * 1.6, 0.5);
  let a = (seed % 100) / 100;
  let b = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    a = (a + hz / SAMPLE_RATE) % 1;
    b = (b + (hz * 1.48) / SAMPLE_RATE) % 1;
    band.process((a < 0.5 ? 1 : -1) + (b < 0.5 ? 1 : -1));
    out[i] = band.band * (0.6 * Math.exp(-t / 0.02) + 0.4 * Math.exp(-t / 0.12)) * 0.7;
  }
  return out;
}

function renderShaker(seed: number, decaySeconds: number): Float32Array {
  const out = allocate(decaySeconds * 5);
  const noise = createNoise(seed);
  const band = new StateVariableFilter(7200, 0.3);
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    band.process(noise());
    out[i] = band.band * Math.min(1, t / 0.006) * Math.exp(-t / decaySeconds) * 1.2;
  }
  return out;
}

function renderPercussion(kind: PercussionSound, seed: number): [Float32Array, Float32Array] {
  switch (kind) {
    case 'conga':
      return [renderTonalPerc(330, 0.09, 0.25, seed), renderTonalPerc(220, 0.12, 0.25, seed + 1)];
    case 'rim':
      return [renderRim(1750, seed), renderRim(1100, seed + 1)];
    case 'shaker':
      return [renderShaker(seed, 0.045), renderShaker(seed + 1, 0.03)];
    case 'cowbell':
      return [renderCowbell(560, seed), renderCowbell(420, seed + 1)];
    case 'clave':
      return [renderTonalPerc(2500, 0.025, 0.05, seed), renderTonalPerc(1800, 0.03, 0.05, seed + 1)];
  }
}

function renderBackbeat(kind: BackbeatSound, toneHz: number, seed: number): Float32Array {
  switch (kind) {
    case 'clap':
      return renderClap(toneHz, seed);
    case 'snare':
      return renderSnare(toneHz, seed);
    case 'rim':
      return renderRim(toneHz, seed);
  }
}

/**
 * Scales a one-shot to a common peak, so mix levels mean the same whatever the synthesis gave,
 * and fades its last 5 ms so cutting the decay short never clicks.
 */
function normalizePeak(sample: Float32Array, peak = 0.9): Float32Array {
  let max = 0;
  for (const value of sample) max = Math.max(max, Math.abs(value));
  const scale = max > 0 ? peak / max : 1;
  const fade = Math.min(sample.length, Math.round(0.005 * SAMPLE_RATE));
  for (let i = 0; i < sample.length; i++) {
    const tail = sample.length - i;
    sample[i] = (sample[i] ?? 0) * scale * (tail < fade ? tail / fade : 1);
  }
  return sample;
}

/** Renders every drum sound a track uses; `seed` varies the noise between tracks. */
export function renderDrumKit(p: DrumParams, seed: number): DrumKit {
  const backbeat = normalizePeak(renderBackbeat(p.backbeat, p.backbeatToneHz, seed + 11));
  const ghost = p.backbeat === 'clap' ? normalizePeak(renderSnare(220, seed + 12)) : backbeat;
  const [percHigh, percLow] = renderPercussion(p.percussion, seed + 21);
  return {
    kick: normalizePeak(renderKick(p, seed + 1), 0.95),
    backbeat,
    ghost,
    hat: normalizePeak(renderMetal(p.hatDecaySeconds, p.hatToneHz, seed + 31, p.hatDecaySeconds * 4.5), 0.6),
    openHat: normalizePeak(
      renderMetal(p.hatDecaySeconds * 5.5, p.hatToneHz * 0.9, seed + 41, p.hatDecaySeconds * 17),
      0.6,
    ),
    percHigh: normalizePeak(percHigh, 0.8),
    percLow: normalizePeak(percLow, 0.8),
    crash: normalizePeak(renderMetal(1.1, 5200, seed + 51, 3), 0.7),
  };
}
