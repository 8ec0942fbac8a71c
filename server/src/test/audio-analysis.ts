/**
 * Measurements on decoded audio for tests that judge a rendered sound by what it is, not by the
 * words that asked for it: duration, loudness over time, and where its spectrum sits.
 */
import type { MonoPcm } from '../providers/audio/ffmpeg';

export function durationSeconds(pcm: MonoPcm): number {
  return pcm.samples.length / pcm.sampleRate;
}

/** RMS of `parts` equal stretches of the sound, start to end: its envelope. */
export function envelope(pcm: MonoPcm, parts: number): number[] {
  const size = Math.floor(pcm.samples.length / parts);
  return Array.from({ length: parts }, (_, part) => {
    let sum = 0;
    for (let i = part * size; i < (part + 1) * size; i++) sum += (pcm.samples[i] ?? 0) ** 2;
    return Math.sqrt(sum / size);
  });
}

function fftMagnitudes(frame: Float64Array): Float64Array {
  const n = frame.length;
  const re = Float64Array.from(frame);
  const im = new Float64Array(n);
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] ?? 0, re[i] ?? 0];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = start + k;
        const b = a + size / 2;
        const tr = (re[b] ?? 0) * wr - (im[b] ?? 0) * wi;
        const ti = (re[b] ?? 0) * wi + (im[b] ?? 0) * wr;
        re[b] = (re[a] ?? 0) - tr;
        im[b] = (im[a] ?? 0) - ti;
        re[a] = (re[a] ?? 0) + tr;
        im[a] = (im[a] ?? 0) + ti;
      }
    }
  }
  return Float64Array.from({ length: n / 2 }, (_, k) => Math.hypot(re[k] ?? 0, im[k] ?? 0));
}

/** The power-weighted mean frequency over the whole sound, in Hz (Hann frames of 2048). */
export function spectralCentroid(pcm: MonoPcm): number {
  const size = 2048;
  let weighted = 0;
  let total = 0;
  for (let start = 0; start + size <= pcm.samples.length; start += size) {
    const frame = Float64Array.from({ length: size }, (_, i) => {
      const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1));
      return (pcm.samples[start + i] ?? 0) * hann;
    });
    const magnitudes = fftMagnitudes(frame);
    for (let k = 1; k < magnitudes.length; k++) {
      const power = (magnitudes[k] ?? 0) ** 2;
      weighted += power * ((k * pcm.sampleRate) / size);
      total += power;
    }
  }
  return total === 0 ? 0 : weighted / total;
}

/** Normalised correlation of two sounds over their common length: 1 means the same waveform. */
export function correlation(a: MonoPcm, b: MonoPcm): number {
  const length = Math.min(a.samples.length, b.samples.length);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < length; i++) {
    const x = a.samples[i] ?? 0;
    const y = b.samples[i] ?? 0;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/**
 * The median fundamental frequency of the voiced frames, in Hz (autocorrelation over 40 ms
 * frames, 60 to 500 Hz); frames quieter than a tenth of the loudest are skipped as unvoiced.
 */
export function medianPitch(pcm: MonoPcm): number {
  const size = Math.round(pcm.sampleRate * 0.04);
  const minLag = Math.floor(pcm.sampleRate / 500);
  const maxLag = Math.ceil(pcm.sampleRate / 60);
  const frames: { energy: number; start: number }[] = [];
  for (let start = 0; start + size + maxLag <= pcm.samples.length; start += size) {
    let energy = 0;
    for (let i = start; i < start + size; i++) energy += (pcm.samples[i] ?? 0) ** 2;
    frames.push({ energy, start });
  }
  const loudest = Math.max(0, ...frames.map((f) => f.energy));
  const pitches: number[] = [];
  for (const { energy, start } of frames) {
    if (energy < loudest / 10) continue;
    let bestLag = 0;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let sum = 0;
      for (let i = start; i < start + size; i++) sum += (pcm.samples[i] ?? 0) * (pcm.samples[i + lag] ?? 0);
      if (sum > best) {
        best = sum;
        bestLag = lag;
      }
    }
    if (bestLag > 0 && best > energy * 0.3) pitches.push(pcm.sampleRate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

/**
 * The sound's average spectrum in `bands` log-spaced bands from 40 Hz to 16 kHz, in dB relative
 * to its own mean: its spectral shape, whatever its loudness.
 */
export function bandSpectrum(pcm: MonoPcm, bands = 24): number[] {
  const size = 2048;
  const power = new Float64Array(size / 2);
  for (let start = 0; start + size <= pcm.samples.length; start += size / 2) {
    const frame = Float64Array.from({ length: size }, (_, i) => {
      const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1));
      return (pcm.samples[start + i] ?? 0) * hann;
    });
    const magnitudes = fftMagnitudes(frame);
    for (let k = 0; k < magnitudes.length; k++) power[k] = (power[k] ?? 0) + (magnitudes[k] ?? 0) ** 2;
  }
  const edges = Array.from({ length: bands + 1 }, (_, b) => 40 * (16_000 / 40) ** (b / bands));
  const levels = Array.from({ length: bands }, (_, b) => {
    let sum = 1e-12;
    for (let k = 1; k < power.length; k++) {
      const hz = (k * pcm.sampleRate) / size;
      if (hz >= (edges[b] ?? 0) && hz < (edges[b + 1] ?? 0)) sum += power[k] ?? 0;
    }
    return 10 * Math.log10(sum);
  });
  const mean = levels.reduce((a, b) => a + b, 0) / levels.length;
  return levels.map((level) => level - mean);
}

/**
 * How far apart two sounds' spectral shapes are: the RMS difference of their band spectra in dB,
 * bands quieter than 40 dB below the louder sound's loudest band clamped there (inaudible detail
 * does not count). Two takes a listener calls "the same sound" differ by a dB or two.
 */
export function spectralDistance(a: MonoPcm, b: MonoPcm, bands = 24): number {
  const x = bandSpectrum(a, bands);
  const y = bandSpectrum(b, bands);
  const floor = Math.max(...x, ...y) - 40;
  let sum = 0;
  for (let i = 0; i < bands; i++) sum += (Math.max(floor, x[i] ?? 0) - Math.max(floor, y[i] ?? 0)) ** 2;
  return Math.sqrt(sum / bands);
}
