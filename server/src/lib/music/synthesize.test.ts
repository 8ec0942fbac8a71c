import { describe, expect, it } from 'vitest';
import { createMusicParams, type MusicSpec } from './compose-params';
import { PEAK_CEILING } from './master';
import type { MusicParams } from './music-params';
import { synthesizeTrack, type StereoPcm } from './synthesize';

const SECONDS = 8;

function createParams(spec: Partial<MusicSpec> & Pick<MusicSpec, 'style' | 'bpm'>): MusicParams {
  return createMusicParams({
    seed: `test-${spec.style}`,
    key: 'A',
    scale: 'minor',
    durationSeconds: SECONDS,
    arrangement: 'classic',
    bass: 'pluck',
    chords: 'stab',
    lead: 'none',
    ...spec,
  });
}

function measureRms(pcm: StereoPcm): number {
  let sum = 0;
  for (let i = 0; i < pcm.left.length; i++) sum += (pcm.left[i] ?? 0) ** 2 + (pcm.right[i] ?? 0) ** 2;
  return Math.sqrt(sum / (2 * pcm.left.length));
}

function measurePeak(pcm: StereoPcm): number {
  let peak = 0;
  for (let i = 0; i < pcm.left.length; i++)
    peak = Math.max(peak, Math.abs(pcm.left[i] ?? 0), Math.abs(pcm.right[i] ?? 0));
  return peak;
}

/**
 * Tempo from an onset envelope (positive log-energy flux per 256-sample hop): each candidate BPM
 * between 70 and 190 is scored by the envelope's autocorrelation at one to four beats, so the
 * bar-long repetition of a syncopated groove (drum & bass) backs up its beat.
 */
function measureTempo(pcm: StereoPcm): number {
  const hop = 256;
  const frames = Math.floor(pcm.left.length / hop);
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * hop; i < (f + 1) * hop; i++) sum += (pcm.left[i] ?? 0) ** 2;
    energy[f] = Math.log(1e-9 + sum);
  }
  const flux = energy.map((value, f) => Math.max(0, value - (energy[f - 1] ?? value)));
  const framesPerSecond = pcm.sampleRate / hop;
  const correlate = (lag: number): number => {
    const whole = Math.floor(lag);
    const fraction = lag - whole;
    let sum = 0;
    for (let f = 0; f + whole + 1 < frames; f++) {
      sum +=
        (flux[f] ?? 0) * ((flux[f + whole] ?? 0) * (1 - fraction) + (flux[f + whole + 1] ?? 0) * fraction);
    }
    return sum / (frames - whole);
  };
  let bestBpm = 0;
  let best = -1;
  for (let bpm = 70; bpm <= 190; bpm += 0.25) {
    const beat = (60 / bpm) * framesPerSecond;
    const score = [1, 2, 3, 4].reduce((sum, k) => sum + correlate(k * beat), 0);
    if (score > best) [best, bestBpm] = [score, bpm];
  }
  return bestBpm;
}

/** The RMS frequency (second spectral moment) from the energy of the first difference. */
function measureRmsFrequency(pcm: StereoPcm): number {
  let signal = 0;
  let slope = 0;
  for (let i = 1; i < pcm.left.length; i++) {
    const x = pcm.left[i] ?? 0;
    signal += x * x;
    slope += (x - (pcm.left[i - 1] ?? 0)) ** 2;
  }
  return (Math.sqrt(slope / signal) * pcm.sampleRate) / (2 * Math.PI);
}

function isNearTempo(measured: number, bpm: number): boolean {
  return [bpm / 2, bpm, bpm * 2].some((target) => Math.abs(measured - target) / target < 0.03);
}

describe('synthesizeTrack', () => {
  const house = synthesizeTrack(
    createParams({ style: 'house', bpm: 124, bass: 'pluck', chords: 'keys', lead: 'vox' }),
  );
  const dnb = synthesizeTrack(
    createParams({ style: 'dnb', bpm: 172, bass: 'reese', chords: 'pad', lead: 'pluck' }),
  );

  it('renders stereo 44.1 kHz PCM of exactly the requested length', () => {
    expect(house.sampleRate).toBe(44_100);
    expect(house.left.length).toBe(SECONDS * 44_100);
    expect(house.right.length).toBe(house.left.length);
  });

  it('is loud enough to be music and never clips', () => {
    for (const pcm of [house, dnb]) {
      expect(20 * Math.log10(measureRms(pcm))).toBeGreaterThan(-22);
      expect(measurePeak(pcm)).toBeLessThanOrEqual(PEAK_CEILING + 1e-6);
    }
  });

  it('plays at the tempo of its parameters', () => {
    const houseTempo = measureTempo(house);
    const dnbTempo = measureTempo(dnb);
    expect(isNearTempo(houseTempo, 124), `house measured ${houseTempo}`).toBe(true);
    expect(isNearTempo(dnbTempo, 172), `dnb measured ${dnbTempo}`).toBe(true);
    expect(Math.abs(houseTempo - dnbTempo)).toBeGreaterThan(5);
  });

  it('sounds brighter when its filters and hats are set brighter', () => {
    const base = createParams({ style: 'techno', bpm: 132, chords: 'stab', bass: 'sub' });
    const dark = synthesizeTrack({
      ...base,
      chords: { ...base.chords, cutoffHz: 500 },
      drums: { ...base.drums, hatToneHz: 4000 },
    });
    const bright = synthesizeTrack({
      ...base,
      chords: { ...base.chords, cutoffHz: 7000, resonance: 0.4 },
      drums: { ...base.drums, hatToneHz: 11_000 },
    });
    expect(measureRmsFrequency(bright)).toBeGreaterThan(measureRmsFrequency(dark) * 1.15);
  });

  it('is deterministic: the same parameters give the same samples', () => {
    const params = createParams({
      style: 'garage',
      bpm: 132,
      bass: 'fm',
      chords: 'organ',
      lead: 'vox',
      durationSeconds: 3,
    });
    const first = synthesizeTrack(params);
    const second = synthesizeTrack(params);
    expect(Buffer.from(first.left.buffer).equals(Buffer.from(second.left.buffer))).toBe(true);
  });

  it('renders different audio for different tracks of the same style', () => {
    const a = synthesizeTrack(createParams({ style: 'minimal', bpm: 124, seed: 'one', durationSeconds: 3 }));
    const b = synthesizeTrack(createParams({ style: 'minimal', bpm: 124, seed: 'two', durationSeconds: 3 }));
    let difference = 0;
    for (let i = 0; i < a.left.length; i++) difference += Math.abs((a.left[i] ?? 0) - (b.left[i] ?? 0));
    expect(difference / a.left.length).toBeGreaterThan(0.01);
  });
});
