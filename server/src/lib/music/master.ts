/**
 * The last stage: DC removal, a loudness match, soft saturation instead of hard clipping, fades,
 * and a peak ceiling below -1 dBFS so the MP3 encoder's overshoot does not clip either.
 */
import { convertDbToGain, saturate, SAMPLE_RATE, sumSquares } from './dsp';
import { removeDc } from './effects';

/** Peak ceiling of the rendered PCM (-1.5 dBFS). */
export const PEAK_CEILING = convertDbToGain(-1.5);
const TARGET_RMS = convertDbToGain(-11.5);
const FADE_IN_SECONDS = 0.6;
const FADE_OUT_SECONDS = 4;

/** RMS of the loud part (75th percentile of one-second windows), so a quiet intro does not count. */
function measureBodyRms(left: Float32Array, right: Float32Array): number {
  const windowSize = Math.min(SAMPLE_RATE, left.length);
  const levels: number[] = [];
  for (let start = 0; start + windowSize <= left.length; start += windowSize) {
    const sum = sumSquares(left, start, start + windowSize) + sumSquares(right, start, start + windowSize);
    levels.push(Math.sqrt(sum / (2 * windowSize)));
  }
  levels.sort((a, b) => a - b);
  return levels[Math.floor(levels.length * 0.75)] ?? 0;
}

/** Saturates both channels after `gain`; returns the resulting peak. */
function saturateChannels(left: Float32Array, right: Float32Array, gain: number): number {
  let peak = 0;
  for (let i = 0; i < left.length; i++) {
    const l = saturate((left[i] ?? 0) * gain);
    const r = saturate((right[i] ?? 0) * gain);
    left[i] = l;
    right[i] = r;
    peak = Math.max(peak, Math.abs(l), Math.abs(r));
  }
  return peak;
}

/** Equal-power fades: a short fade-in against clicks, a longer fade-out so the loop ends musically. */
function applyFades(left: Float32Array, right: Float32Array): void {
  const fadeIn = Math.min(Math.round(FADE_IN_SECONDS * SAMPLE_RATE), left.length);
  const fadeOut = Math.min(Math.round(FADE_OUT_SECONDS * SAMPLE_RATE), Math.round(left.length * 0.15));
  for (let i = 0; i < fadeIn; i++) {
    const gain = Math.sin((Math.PI / 2) * (i / fadeIn));
    left[i] = (left[i] ?? 0) * gain;
    right[i] = (right[i] ?? 0) * gain;
  }
  for (let n = 0; n < fadeOut; n++) {
    const i = left.length - 1 - n;
    const gain = Math.sin((Math.PI / 2) * (n / fadeOut));
    left[i] = (left[i] ?? 0) * gain;
    right[i] = (right[i] ?? 0) * gain;
  }
}

function scaleChannels(left: Float32Array, right: Float32Array, scale: number): void {
  for (let i = 0; i < left.length; i++) {
    left[i] = (left[i] ?? 0) * scale;
    right[i] = (right[i] ?? 0) * scale;
  }
}

/** Masters the mix in place. */
export function masterMix(left: Float32Array, right: Float32Array): void {
  removeDc(left);
  removeDc(right);
  const rms = measureBodyRms(left, right);
  const gain = rms > 1e-6 ? Math.min(TARGET_RMS / rms, 8) : 1;
  const peak = saturateChannels(left, right, gain);
  applyFades(left, right);
  if (peak > 0) scaleChannels(left, right, PEAK_CEILING / peak);
}
