import { describe, expect, it } from 'vitest';
import { decodedPeak, decodeToMono, type MonoPcm } from '../audio/ffmpeg';
import { correlation, durationSeconds, envelope, spectralCentroid } from '../../test/audio-analysis';
import { SOUND_KINDS } from './describe-sound';
import { createLocalSoundFx } from './local-soundfx';

let counter = 0;
const engine = createLocalSoundFx({ createSeed: () => `take-${(counter += 1)}` });

async function render(prompt: string): Promise<MonoPcm> {
  const { audio, contentType } = await engine.generate(prompt);
  expect(contentType).toBe('audio/mpeg');
  return decodeToMono(audio);
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function rms(pcm: MonoPcm): number {
  return Math.sqrt(sum(Array.from(pcm.samples, (x) => x * x)) / pcm.samples.length);
}

function peak(pcm: MonoPcm): number {
  return pcm.samples.reduce((max, x) => Math.max(max, Math.abs(x)), 0);
}

// The mapping is judged on the decoded MP3: what a listener would get, not the recipe.
describe('local sound effects engine', () => {
  it('renders an explicit length, and words for length stretch or shorten the sound', async () => {
    // MP3 adds at most a frame or two of padding (~50 ms).
    expect(durationSeconds(await render('whoosh, 2 seconds'))).toBeCloseTo(2, 1);
    expect(durationSeconds(await render('impact 750ms'))).toBeCloseTo(0.75, 1);
    const short = durationSeconds(await render('short kick'));
    const long = durationSeconds(await render('long kick'));
    expect(long).toBeGreaterThan(short * 2.5);
  });

  it('bounds the length whatever the prompt asks for', async () => {
    expect(durationSeconds(await render('ambience 600 seconds'))).toBeLessThan(10.1);
  });

  it('makes a bright hat brighter than a dark one, and hats brighter than kicks', async () => {
    const bright = spectralCentroid(await render('bright closed hat'));
    const dark = spectralCentroid(await render('dark closed hat'));
    const kick = spectralCentroid(await render('kick'));
    expect(bright).toBeGreaterThan(dark * 1.1);
    expect(dark).toBeGreaterThan(kick * 20);
  });

  it('puts a high stab above a low one', async () => {
    const high = spectralCentroid(await render('high stab'));
    const low = spectralCentroid(await render('low stab'));
    expect(high).toBeGreaterThan(low * 1.3);
  });

  it('shapes the envelope by kind: a kick decays, a riser builds', async () => {
    const kick = envelope(await render('kick'), 4);
    expect(kick[0]).toBeGreaterThan((kick[3] ?? 0) * 2.5);
    const riser = envelope(await render('riser'), 4);
    expect(riser[3]).toBeGreaterThan((riser[0] ?? 0) * 10);
    const sweep = envelope(await render('sweep'), 5);
    expect(sweep[2]).toBeGreaterThan(Math.max(sweep[0] ?? 0, sweep[4] ?? 0) * 2);
  });

  it('distortion flattens the waveform (a lower crest factor at the same peak)', async () => {
    const clean = await render('clean bass');
    const dirty = await render('distorted bass');
    expect(peak(dirty) / rms(dirty)).toBeLessThan((peak(clean) / rms(clean)) * 0.6);
  });

  it('reverb leaves a tail where a dry hit has decayed', async () => {
    const dry = envelope(await render('dry snare'), 4);
    const wet = envelope(await render('snare with lots of reverb'), 4);
    expect(sum(wet.slice(2)) / sum(wet)).toBeGreaterThan((sum(dry.slice(2)) / sum(dry)) * 1.4);
  });

  it('renders every kind as audible sound that clips in neither channel', async () => {
    for (const prompt of SOUND_KINDS) {
      const { audio } = await engine.generate(prompt);
      expect(rms(await decodeToMono(audio)), prompt).toBeGreaterThan(0.02);
      expect(await decodedPeak(audio), prompt).toBeLessThanOrEqual(1);
    }
  });

  it('gives four different takes of one prompt', async () => {
    const takes = await Promise.all([1, 2, 3, 4].map(() => render('punchy snare')));
    for (const [a, first] of takes.entries()) {
      for (const second of takes.slice(a + 1)) {
        expect(Math.abs(correlation(first, second))).toBeLessThan(0.9);
      }
    }
  });
});
