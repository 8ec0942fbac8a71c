/**
 * Lead instruments for the motif: an FM bell, a Karplus-Strong pluck, a formant "vox" chop and an
 * acid line. Each note is rendered mono; the sequencer pans it.
 */
import type { NoteRequest } from './bass-voice';
import { createNoise, Oscillator, saturate, SAMPLE_RATE, lookupSine, StateVariableFilter } from './dsp';
import type { LeadParams } from './music-params';

const VOWELS = [
  [730, 1090, 2440],
  [570, 840, 2410],
  [530, 1840, 2480],
  [300, 870, 2240],
] as const;

function renderBell(p: LeadParams, note: NoteRequest): Float32Array {
  const out = new Float32Array(Math.round(p.decaySeconds * 3.5 * SAMPLE_RATE));
  const ratio = p.brightness > 0.6 ? 3.5 : 2;
  // Exponential envelopes as per-sample multipliers: same curve as Math.exp(-t/τ), no exp() call.
  const ampStep = Math.exp(-1 / (p.decaySeconds * SAMPLE_RATE));
  const indexStep = Math.exp(-1 / (p.decaySeconds * 0.3 * SAMPLE_RATE));
  let amp = 0.5;
  let index = (0.8 + 3 * p.brightness) / (2 * Math.PI);
  let carrier = 0;
  let modulator = 0;
  for (let n = 0; n < out.length; n++) {
    carrier += note.hz / SAMPLE_RATE;
    modulator += (note.hz * ratio) / SAMPLE_RATE;
    out[n] = lookupSine(carrier + index * lookupSine(modulator)) * amp * Math.min(1, n / 90);
    amp *= ampStep;
    index *= indexStep;
  }
  return out;
}

/** Karplus-Strong: a noise burst circulating in a damped delay line sounds like a plucked string. */
function renderPluck(p: LeadParams, note: NoteRequest, seed: number): Float32Array {
  const period = Math.max(2, Math.round(SAMPLE_RATE / note.hz));
  const line = new Float32Array(period);
  const noise = createNoise(seed);
  const tone = new StateVariableFilter(800 + 6000 * p.brightness, 0);
  for (let i = 0; i < period; i++) {
    tone.process(noise());
    line[i] = tone.low;
  }
  const damping = Math.exp(-1 / (p.decaySeconds * note.hz));
  const out = new Float32Array(Math.round(p.decaySeconds * 3.5 * SAMPLE_RATE));
  let index = 0;
  let previous = 0;
  for (let n = 0; n < out.length; n++) {
    const current = line[index] ?? 0;
    const averaged = damping * 0.5 * (current + previous);
    previous = current;
    line[index] = averaged;
    index = (index + 1) % period;
    out[n] = current * 0.9;
  }
  return out;
}

function renderVox(p: LeadParams, note: NoteRequest): Float32Array {
  const release = Math.round(0.09 * SAMPLE_RATE);
  const out = new Float32Array(note.gateSamples + release);
  const vowel = VOWELS[Math.round(note.hz) % VOWELS.length] ?? VOWELS[0];
  const formants = vowel.map((hz) => new StateVariableFilter(hz * (0.9 + 0.2 * p.brightness), 0.85));
  const source = new Oscillator('saw');
  for (let n = 0; n < out.length; n++) {
    const t = n / SAMPLE_RATE;
    const vibrato = 1 + 0.006 * Math.min(1, t / 0.2) * Math.sin(2 * Math.PI * 5.2 * t);
    const raw = source.next(note.hz * vibrato);
    let value = 0;
    for (let f = 0; f < formants.length; f++) {
      const filter = formants[f];
      if (filter === undefined) continue;
      filter.process(raw);
      value += filter.band * (f === 0 ? 1 : f === 1 ? 0.7 : 0.35);
    }
    const gate = n < note.gateSamples ? 1 : Math.max(0, 1 - (n - note.gateSamples) / release);
    out[n] = value * Math.min(1, t / 0.02) * gate * 0.45;
  }
  return out;
}

function renderAcid(p: LeadParams, note: NoteRequest): Float32Array {
  const release = Math.round(0.01 * SAMPLE_RATE);
  const out = new Float32Array(note.gateSamples + release);
  const source = new Oscillator('saw');
  const filter = new StateVariableFilter(500, 0.9);
  for (let n = 0; n < out.length; n++) {
    const t = n / SAMPLE_RATE;
    const glide = note.fromHz === null ? 0 : Math.exp(-t / 0.03);
    const hz = note.hz + ((note.fromHz ?? note.hz) - note.hz) * glide;
    if (n % 16 === 0)
      filter.setCutoff(300 * 2 ** ((2 + 2.5 * p.brightness) * Math.exp(-t / p.decaySeconds)), 0.88);
    filter.process(source.next(hz));
    const gate = n < note.gateSamples ? 1 : Math.max(0, 1 - (n - note.gateSamples) / release);
    out[n] = saturate(filter.low * 1.8) * gate * (note.isAccent ? 0.45 : 0.35);
  }
  return out;
}

/** Renders one lead note (mono, full velocity); the caller places and pans it. */
export function renderLeadNote(p: LeadParams, note: NoteRequest, seed: number): Float32Array {
  switch (p.sound) {
    case 'bell':
      return renderBell(p, note);
    case 'pluck':
      return renderPluck(p, note, seed);
    case 'vox':
      return renderVox(p, note);
    case 'acid':
      return renderAcid(p, note);
    case 'none':
      return new Float32Array(0);
  }
}
