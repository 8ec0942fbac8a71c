/** Bass notes: one mono voice per note, written into the bass stem. */
import { Oscillator, saturate, SAMPLE_RATE, lookupSine, StateVariableFilter } from './dsp';
import type { BassParams } from './music-params';

/**
 * One note, independent of where it is placed: renders are cached by these fields, so a note that
 * repeats every bar is synthesized once and then mixed in like a drum sample.
 */
export interface NoteRequest {
  gateSamples: number;
  hz: number;
  /** Pitch the note glides from (slides); null for a fresh attack. */
  fromHz: number | null;
  isAccent: boolean;
}

/** Cutoff updates are this many samples apart: tan() per sample would dominate the render time. */
const CONTROL_RATE = 16;

function getReleaseSeconds(p: BassParams): number {
  return p.sound === 'sub' || p.sound === 'reese' ? 0.05 : 0.012;
}

/** Renders one bass note (mono, full velocity). */
export function renderBassNote(p: BassParams, note: NoteRequest): Float32Array {
  const release = Math.round(getReleaseSeconds(p) * SAMPLE_RATE);
  const out = new Float32Array(note.gateSamples + release);
  const main = new Oscillator(
    p.sound === 'pluck' || p.sound === 'acid' || p.sound === 'reese' ? 'saw' : 'triangle',
  );
  const second = new Oscillator('saw', 0.37);
  const sub = new Oscillator('sine');
  const filter = new StateVariableFilter(p.cutoffHz, p.resonance);
  let modulatorPhase = 0;
  let carrierPhase = 0;
  const accent = note.isAccent ? 1.4 : 1;
  for (let n = 0; n < out.length; n++) {
    const t = n / SAMPLE_RATE;
    const glide = note.fromHz === null ? 1 : Math.exp(-t / 0.025);
    const hz = note.hz + ((note.fromHz ?? note.hz) - note.hz) * glide;
    const envelope = Math.exp(-t / p.decaySeconds);
    if (n % CONTROL_RATE === 0) {
      const lfo = p.sound === 'reese' ? 0.6 * Math.sin(2 * Math.PI * 0.35 * t) : 0;
      const octaves = p.envelopeOctaves * envelope * accent + lfo;
      filter.setCutoff(p.cutoffHz * 2 ** octaves, p.resonance);
    }
    let raw: number;
    let amp: number;
    switch (p.sound) {
      case 'pluck':
        raw = main.next(hz) + 0.45 * sub.next(hz / 2);
        amp = 0.35 + 0.65 * envelope;
        break;
      case 'rubber':
        raw = main.next(hz * (1 + 0.12 * Math.exp(-t / 0.012))) * 0.7 + sub.next(hz) * 0.8;
        amp = 0.15 + 0.85 * envelope;
        break;
      case 'sub':
        raw = sub.next(hz) + 0.12 * main.next(hz * 2);
        amp = 1;
        break;
      case 'reese': {
        const spread = 2 ** (p.detuneCents / 1200);
        raw = 0.5 * main.next(hz * spread) + 0.5 * second.next(hz / spread) + 0.7 * sub.next(hz);
        amp = 1;
        break;
      }
      case 'acid':
        raw = main.next(hz);
        amp = (0.55 + 0.45 * envelope) * accent;
        break;
      case 'fm': {
        // Phase modulation at a 1:1 ratio: a growl that fades to a round tone as the note decays.
        modulatorPhase += hz / SAMPLE_RATE;
        carrierPhase += hz / SAMPLE_RATE;
        const index = 2.4 * envelope + 0.4;
        raw = lookupSine(carrierPhase + (index / (2 * Math.PI)) * lookupSine(modulatorPhase));
        amp = 0.4 + 0.6 * envelope;
        break;
      }
    }
    filter.process(raw);
    const attack = Math.min(1, n / (p.sound === 'sub' || p.sound === 'reese' ? 200 : 40));
    const releaseGain = n < note.gateSamples ? 1 : Math.max(0, 1 - (n - note.gateSamples) / release);
    const value = p.sound === 'sub' ? raw : filter.low;
    out[n] = saturate(value * 1.4) * amp * attack * releaseGain;
  }
  return out;
}
