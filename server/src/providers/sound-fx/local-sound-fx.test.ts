import { describe, expect, it } from 'vitest';
import { decodedPeak, decodeToMono, type MonoPcm } from '../audio/ffmpeg';
import {
  correlation,
  durationSeconds,
  envelope,
  spectralCentroid,
  spectralDistance,
} from '../../test/audio-analysis';
import { describeSound, SOUND_KINDS, type SoundKind } from './describe-sound';
import { createLocalSoundFx } from './local-sound-fx';

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

  it.each(['punchy snare', 'kick', 'closed hat', 'creaky wooden door', 'rain', 'crowd chatter', 'whoosh'])(
    'gives four audibly different takes of %j: every pair apart in spectrum',
    async (prompt) => {
      const takes = await Promise.all([1, 2, 3, 4].map(() => render(prompt)));
      for (const [a, first] of takes.entries()) {
        for (const second of takes.slice(a + 1)) {
          // Near-duplicates (the "four near-identical takes") measure under a dB apart.
          expect(spectralDistance(first, second), prompt).toBeGreaterThan(1);
          expect(Math.abs(correlation(first, second))).toBeLessThan(0.95);
        }
      }
    },
  );

  it('measures the same sound as the same: a take against itself, re-encoded, is 0 dB apart', async () => {
    const { audio } = await engine.generate('rain');
    const once = await decodeToMono(audio);
    const again = await decodeToMono(audio);
    expect(spectralDistance(once, again)).toBeLessThan(0.01);
  });
});

/** Forty prompts as artists type them, each with the sound family it must give (issue 20). */
const FAMILIES: [string, SoundKind][] = [
  ['creaky wooden door', 'door'],
  ['old door creaking open slowly', 'door'],
  ['door slam', 'door'],
  ['three knocks on a door', 'door'],
  ['footsteps on gravel', 'footsteps'],
  ['heavy boots walking', 'footsteps'],
  ['running footsteps', 'footsteps'],
  ['glass clink', 'glass'],
  ['breaking glass', 'glass'],
  ['bottle smash', 'glass'],
  ['water dripping in a cave', 'water'],
  ['splash into a pool', 'water'],
  ['bubbling stream', 'water'],
  ['light rain', 'rain'],
  ['heavy rain on a roof', 'rain'],
  ['thunder storm downpour', 'rain'],
  ['howling wind', 'wind'],
  ['gentle breeze', 'wind'],
  ['crackling fire', 'fire'],
  ['campfire at night', 'fire'],
  ['whoosh', 'sweep'],
  ['fast swoosh transition', 'sweep'],
  ['cinematic impact', 'impact'],
  ['deep boom hit', 'impact'],
  ['white noise riser 8 bars', 'riser'],
  ['tension build up', 'riser'],
  ['sci-fi laser shot', 'laser'],
  ['retro pew pew zap', 'laser'],
  ['crowd cheering in a stadium', 'crowd'],
  ['people chatter in a cafe', 'crowd'],
  ['applause', 'crowd'],
  ['short punchy kick', 'kick'],
  ['909 snare with reverb', 'snare'],
  ['tight clap', 'clap'],
  ['open hi hat', 'hat'],
  ['low floor tom', 'tom'],
  ['808 sub bass', 'bass'],
  ['reese bass, dark', 'bass'],
  ['house chord stab', 'stab'],
  ['vinyl crackle loop', 'vinyl'],
];

describe('the local sound vocabulary', () => {
  it('has forty prompts over every family the issue names', () => {
    expect(FAMILIES.length).toBe(40);
    const families = new Set(FAMILIES.map(([, kind]) => kind));
    for (const kind of [
      'door',
      'footsteps',
      'glass',
      'water',
      'rain',
      'wind',
      'fire',
      'sweep',
      'impact',
      'riser',
      'laser',
      'crowd',
      'kick',
      'snare',
      'hat',
      'bass',
    ] as const) {
      expect(families.has(kind), kind).toBe(true);
    }
  });

  it.each(FAMILIES)('hears %j as %s', (prompt, kind) => {
    expect(describeSound(prompt).kind).toBe(kind);
  });

  it('tells a creak from a slam, and a clink from a break', () => {
    expect(describeSound('creaky wooden door').struck).toBe(false);
    expect(describeSound('door slam').struck).toBe(true);
    expect(describeSound('glass clink').struck).toBe(false);
    expect(describeSound('breaking glass').struck).toBe(true);
  });

  it('renders a creak as a drawn-out sound and a slam as a hit that dies away', async () => {
    const creak = envelope(await render('creaky wooden door'), 4);
    expect(Math.min(...creak.slice(0, 3))).toBeGreaterThan(Math.max(...creak) * 0.2);
    const slam = envelope(await render('door slam'), 4);
    expect(slam[0]).toBeGreaterThan((slam[3] ?? 0) * 4);
  });

  it('puts glass high, and a laser above a kick', async () => {
    expect(spectralCentroid(await render('glass clink'))).toBeGreaterThan(1500);
    expect(spectralCentroid(await render('laser'))).toBeGreaterThan(
      spectralCentroid(await render('kick')) * 5,
    );
  });
});
