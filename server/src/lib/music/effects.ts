/**
 * Bus effects: a Freeverb-style reverb, a ping-pong delay, the kick-keyed ducking envelope and the
 * noise riser. They run once per track over whole stems, so their cost is linear in duration.
 */
import { createNoise, SAMPLE_RATE, StateVariableFilter } from './dsp';

const STEREO_SPREAD = 23;
const REVERB_INPUT_GAIN = 0.12;

/** A feedback comb whose feedback path is low-passed (damped): the body of a Freeverb tail. */
class CombFilter {
  private readonly line: Float32Array;
  private index = 0;
  private store = 0;

  constructor(
    length: number,
    private readonly feedback: number,
    private readonly damping: number,
  ) {
    this.line = new Float32Array(length);
  }

  process(input: number): number {
    const y = this.line[this.index] ?? 0;
    this.store = y * (1 - this.damping) + this.store * this.damping;
    this.line[this.index] = input + this.store * this.feedback;
    this.index = this.index + 1 === this.line.length ? 0 : this.index + 1;
    return y;
  }
}

class AllpassFilter {
  private readonly line: Float32Array;
  private index = 0;

  constructor(length: number) {
    this.line = new Float32Array(length);
  }

  process(input: number): number {
    const buffered = this.line[this.index] ?? 0;
    this.line[this.index] = input + buffered * 0.5;
    this.index = this.index + 1 === this.line.length ? 0 : this.index + 1;
    return buffered - input;
  }
}

/**
 * Four combs into two allpasses per channel (half a Freeverb): dense enough under a full mix, and
 * the calls are spelled out rather than looped because this runs for every sample of every track.
 */
function renderReverbChannel(
  send: Float32Array,
  out: Float32Array,
  size: number,
  spread: number,
  mix: number,
): void {
  const damping = 0.35;
  const c0 = new CombFilter(1116 + spread, size, damping);
  const c1 = new CombFilter(1277 + spread, size, damping);
  const c2 = new CombFilter(1422 + spread, size, damping);
  const c3 = new CombFilter(1557 + spread, size, damping);
  const a0 = new AllpassFilter(556 + spread);
  const a1 = new AllpassFilter(341 + spread);
  for (let i = 0; i < send.length; i++) {
    const input = (send[i] ?? 0) * REVERB_INPUT_GAIN;
    const sum = c0.process(input) + c1.process(input) + c2.process(input) + c3.process(input);
    out[i] = (out[i] ?? 0) + a1.process(a0.process(sum)) * mix;
  }
}

export function applyReverb(
  send: Float32Array,
  outL: Float32Array,
  outR: Float32Array,
  size: number,
  mix: number,
): void {
  renderReverbChannel(send, outL, size, 0, mix);
  renderReverbChannel(send, outR, size, STEREO_SPREAD, mix);
}

/** Ping-pong delay with a darkening feedback path, so repeats recede rather than pile up. */
export function applyDelay(
  send: Float32Array,
  outL: Float32Array,
  outR: Float32Array,
  delaySamples: number,
  feedback: number,
  mix: number,
): void {
  const lineL = new Float32Array(delaySamples);
  const lineR = new Float32Array(delaySamples);
  const toneL = new StateVariableFilter(3200, 0);
  const toneR = new StateVariableFilter(3200, 0);
  let index = 0;
  for (let i = 0; i < send.length; i++) {
    const echoL = lineL[index] ?? 0;
    const echoR = lineR[index] ?? 0;
    toneL.process((send[i] ?? 0) + echoR * feedback);
    toneR.process(echoL * feedback);
    lineL[index] = toneL.low;
    lineR[index] = toneR.low;
    index = index + 1 === delaySamples ? 0 : index + 1;
    outL[i] = (outL[i] ?? 0) + echoL * mix;
    outR[i] = (outR[i] ?? 0) + echoR * mix;
  }
}

/** A gain curve that dips at every kick and recovers over `releaseSamples` (the house "pump"). */
export function createDuckingCurve(
  length: number,
  kicks: number[],
  depth: number,
  releaseSamples: number,
): Float32Array {
  const curve = new Float32Array(length).fill(1);
  const attack = 90;
  for (const start of kicks) {
    const end = Math.min(length, start + releaseSamples);
    for (let i = Math.max(0, start - attack); i < end; i++) {
      const n = i - start;
      const shape = n < 0 ? 1 + n / attack : n / releaseSamples;
      const gain = 1 - depth * (1 - shape * shape * (3 - 2 * shape));
      if (gain < (curve[i] ?? 1)) curve[i] = gain;
    }
  }
  return curve;
}

/** Band-passed noise rising in pitch and level: the tension before a drop. */
export function renderRiser(
  outL: Float32Array,
  outR: Float32Array,
  start: number,
  length: number,
  seed: number,
  gain: number,
): void {
  const noiseL = createNoise(seed);
  const noiseR = createNoise(seed + 101);
  const bandL = new StateVariableFilter(300, 0.6);
  const bandR = new StateVariableFilter(300, 0.6);
  const end = Math.min(outL.length, start + length);
  for (let i = Math.max(0, start); i < end; i++) {
    const progress = (i - start) / length;
    if ((i - start) % 32 === 0) {
      const cutoff = 300 * 2 ** (progress * 5);
      bandL.setCutoff(cutoff, 0.6);
      bandR.setCutoff(cutoff * 1.05, 0.6);
    }
    bandL.process(noiseL());
    bandR.process(noiseR());
    const level = progress * progress * gain;
    outL[i] = (outL[i] ?? 0) + bandL.band * level;
    outR[i] = (outR[i] ?? 0) + bandR.band * level;
  }
}

/** One-pole high-pass at ~25 Hz: removes DC and sub-rumble before the limiter sees it. */
export function removeDc(channel: Float32Array): void {
  const coefficient = Math.exp((-2 * Math.PI * 25) / SAMPLE_RATE);
  let previousIn = 0;
  let previousOut = 0;
  for (let i = 0; i < channel.length; i++) {
    const x = channel[i] ?? 0;
    const y = coefficient * (previousOut + x - previousIn);
    previousIn = x;
    previousOut = y;
    channel[i] = y;
  }
}
