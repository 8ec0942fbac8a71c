/**
 * Chord instruments: detuned-oscillator stabs and pads through a stereo filter, a drawbar organ and
 * an FM electric piano. One call renders one chord strike into the stereo music stem.
 */
import { convertMidiToHz, Oscillator, SAMPLE_RATE, lookupSine, StateVariableFilter } from './dsp';
import type { ChordParams } from './music-params';

export interface ChordRequest {
  gateSamples: number;
  midis: number[];
}

export interface StereoBuffer {
  left: Float32Array;
  right: Float32Array;
}

const CONTROL_RATE = 16;
const KEYS_RELEASE_SECONDS = 0.08;
const ORGAN_DRAWBARS = [
  [1, 1],
  [2, 0.55],
  [3, 0.4],
  [4, 0.22],
  [6, 0.12],
] as const;

function getLengthSamples(p: ChordParams, gateSamples: number): number {
  switch (p.sound) {
    case 'pad':
      return gateSamples + Math.round(p.decaySeconds * 2.5 * SAMPLE_RATE);
    case 'organ':
      return Math.min(gateSamples, Math.round(p.decaySeconds * SAMPLE_RATE)) + Math.round(0.03 * SAMPLE_RATE);
    case 'keys':
      return gateSamples + Math.round(KEYS_RELEASE_SECONDS * 5 * SAMPLE_RATE);
    case 'dub':
    case 'stab':
    case 'pluck':
    case 'none':
      // -35 dB: the tail below that is masked in the mix and would only cost render time.
      return Math.round(p.decaySeconds * 4 * SAMPLE_RATE);
  }
}

function getFilterOctaves(p: ChordParams, t: number): number {
  switch (p.sound) {
    case 'dub':
      return 1.1 * Math.exp(-t / 0.06);
    case 'stab':
      return 1.6 * Math.exp(-t / 0.05);
    case 'pluck':
      return 2.6 * Math.exp(-t / 0.07);
    case 'pad':
      return 0.5 * Math.sin(2 * Math.PI * 0.09 * t);
    case 'organ':
    case 'keys':
    case 'none':
      return 0;
  }
}

function getAmplitude(p: ChordParams, t: number, n: number, gateSamples: number, length: number): number {
  switch (p.sound) {
    case 'pad': {
      const attack = Math.min(1, t / p.attackSeconds);
      const release =
        n < gateSamples ? 1 : Math.exp(-(n - gateSamples) / SAMPLE_RATE / (p.decaySeconds * 0.7));
      return attack * release;
    }
    case 'organ': {
      const fadeOut = Math.min(1, (length - n) / (0.03 * SAMPLE_RATE));
      return Math.min(1, n / 60) * fadeOut;
    }
    case 'keys': {
      const release =
        n < gateSamples ? 1 : Math.exp(-(n - gateSamples) / (KEYS_RELEASE_SECONDS * SAMPLE_RATE));
      return Math.min(1, n / 40) * Math.exp(-t / p.decaySeconds) * release;
    }
    case 'dub':
    case 'stab':
    case 'pluck':
    case 'none':
      return Math.min(1, n / 40) * Math.exp(-t / p.decaySeconds);
  }
}

/** Renders one chord strike (stereo, full velocity); the sequencer places and scales it. */
export function renderChord(p: ChordParams, req: ChordRequest): StereoBuffer {
  const length = p.sound === 'none' ? 0 : getLengthSamples(p, req.gateSamples);
  const outL = new Float32Array(length);
  const outR = new Float32Array(length);
  const voices = req.midis.flatMap((midi, noteIndex) =>
    Array.from({ length: p.voices }, (_, v) => {
      const spread = p.voices > 1 ? (v / (p.voices - 1)) * 2 - 1 : (noteIndex % 2) * 2 - 1;
      const pan = p.voices > 1 ? spread * 0.7 : spread * 0.25;
      return {
        hz: convertMidiToHz(midi) * 2 ** ((spread * p.detuneCents) / 1200),
        oscillator: new Oscillator(p.shape, (noteIndex * 0.31 + v * 0.17) % 1),
        gainL: Math.sqrt(0.5 * (1 - pan)),
        gainR: Math.sqrt(0.5 * (1 + pan)),
        phases: [0, 0, 0, 0, 0],
      };
    }),
  );
  const filterL = new StateVariableFilter(p.cutoffHz, p.resonance);
  const filterR = new StateVariableFilter(p.cutoffHz, p.resonance);
  const level = 0.9 / Math.sqrt(Math.max(1, voices.length));
  for (let n = 0; n < length; n++) {
    const t = n / SAMPLE_RATE;
    if (n % CONTROL_RATE === 0) {
      const cutoff = p.cutoffHz * 2 ** getFilterOctaves(p, t);
      filterL.setCutoff(cutoff, p.resonance);
      filterR.setCutoff(cutoff, p.resonance);
    }
    let left = 0;
    let right = 0;
    for (const voice of voices) {
      let value: number;
      if (p.sound === 'organ') {
        value = 0;
        for (let d = 0; d < ORGAN_DRAWBARS.length; d++) {
          const [harmonic, weight] = ORGAN_DRAWBARS[d] ?? [1, 0];
          const phase = (voice.phases[d] ?? 0) + (voice.hz * harmonic) / SAMPLE_RATE;
          voice.phases[d] = phase - Math.floor(phase);
          value += lookupSine(phase) * weight;
        }
        value *= 0.5;
      } else if (p.sound === 'keys') {
        // Two-operator FM electric piano: a 1:1 body plus a quickly fading 14:1 tine.
        const carrier = (voice.phases[0] ?? 0) + voice.hz / SAMPLE_RATE;
        const tine = (voice.phases[1] ?? 0) + (voice.hz * 14) / SAMPLE_RATE;
        voice.phases[0] = carrier - Math.floor(carrier);
        voice.phases[1] = tine - Math.floor(tine);
        const index = 1.1 * Math.exp(-t / 0.5) + 0.25;
        value =
          lookupSine(carrier + (index / (2 * Math.PI)) * lookupSine(carrier)) +
          0.25 * Math.exp(-t / 0.03) * lookupSine(tine);
      } else {
        value = voice.oscillator.next(voice.hz);
      }
      left += value * voice.gainL;
      right += value * voice.gainR;
    }
    filterL.process(left);
    filterR.process(right);
    const amp = getAmplitude(p, t, n, req.gateSamples, length) * level;
    outL[n] = filterL.low * amp;
    outR[n] = filterR.low * amp;
  }
  return { left: outL, right: outR };
}
