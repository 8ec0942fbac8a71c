import { GENRE_TEMPO_RANGES } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import { decodeToMono, type MonoPcm } from '../../providers/audio/ffmpeg';
import { pcm16Chunks } from '../../providers/audio/mp3-encoder';
import { wavHeader } from '../../providers/audio/wav';
import { createMusicParams, type MusicSpec } from '../music/compose-params';
import { synthesizeTrack } from '../music/synthesize';
import { createRng } from '../random';
import { createEnergyRanker, measureDynamics, percentileWithin } from './energy';
import { readKey } from './key';
import { measureSound } from './sound-features';
import { ANALYSIS_SAMPLE_RATE, summariseSpectrum } from './spectrum';
import { foldTempo, readRhythm } from './tempo';

/** A piece from the seed's engine, decoded as an upload would be: ffmpeg, mono, 22.05 kHz. */
async function renderPiece(spec: Pick<MusicSpec, 'style' | 'bpm' | 'key' | 'scale'>): Promise<MonoPcm> {
  const pcm = synthesizeTrack(
    createMusicParams({
      seed: `sound-${spec.style}`,
      durationSeconds: 24,
      arrangement: 'early-drop',
      bass: 'pluck',
      chords: 'pad',
      lead: 'none',
      ...spec,
    }),
  );
  const data = [...pcm16Chunks([pcm.left, pcm.right])];
  const bytes = data.reduce((sum, chunk) => sum + chunk.length, 0);
  const wav = Buffer.concat([wavHeader(bytes, { sampleRate: pcm.sampleRate, channels: 2 }), ...data]);
  return decodeToMono(wav, ANALYSIS_SAMPLE_RATE);
}

const HOUSE = GENRE_TEMPO_RANGES['House / Tech House'];

function generate(seconds: number, sample: (time: number) => number): Float32Array {
  return Float32Array.from({ length: seconds * ANALYSIS_SAMPLE_RATE }, (_, i) =>
    sample(i / ANALYSIS_SAMPLE_RATE),
  );
}

describe('measureSound on the seed engine', () => {
  it('reads the tempo of a house piece at 124 BPM', async () => {
    const sound = measureSound(
      await renderPiece({ style: 'house', bpm: 124, key: 'A', scale: 'minor' }),
      'House / Tech House',
    );
    expect(Math.abs((sound.tempo?.bpm ?? 0) / 124 - 1)).toBeLessThanOrEqual(0.04);
    expect(sound.tempo?.confidence).toBeGreaterThan(0.4);
    expect(sound.energy.onsetsPerSecond).toBeGreaterThan(2);
  }, 20_000);

  it('folds a drum & bass piece into its genre range and reads its C major', async () => {
    const sound = measureSound(
      await renderPiece({ style: 'dnb', bpm: 172, key: 'C', scale: 'major' }),
      'Drum n Bass',
    );
    expect(Math.abs((sound.tempo?.bpm ?? 0) / 172 - 1)).toBeLessThanOrEqual(0.04);
    expect(sound.key.camelot).toBe('8B');
  }, 20_000);
});

describe('reading a key from sound', () => {
  it('reads an A minor cadence (i–iv–V–i, bass on the root) as A minor, 8A, confidently', () => {
    const midiHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
    const chords = [
      [45, 57, 60, 64],
      [50, 62, 65, 69],
      [40, 64, 68, 71],
      [45, 57, 60, 64],
    ];
    const cadence = generate(16, (t) => {
      const chord = chords[Math.floor(t / 2) % chords.length] ?? [];
      // Four harmonics a note, like a soft saw.
      return (
        chord.reduce(
          (sum, midi) =>
            sum + [1, 2, 3, 4].reduce((s, h) => s + Math.sin(2 * Math.PI * h * midiHz(midi) * t) / h, 0),
          0,
        ) * 0.08
      );
    });
    const key = readKey(summariseSpectrum(cadence, ANALYSIS_SAMPLE_RATE).chroma);
    expect(key).toMatchObject({ tonic: 9, mode: 'minor', camelot: '8A' });
    expect(key.confidence).toBeGreaterThan(0.5);
  });
});

describe('confidence where there is no beat or key', () => {
  it('gives white noise a low tempo and key confidence', () => {
    const rng = createRng('noise');
    const noise = generate(20, () => rng.range(-0.3, 0.3));
    expect(readRhythm(noise, ANALYSIS_SAMPLE_RATE, HOUSE)?.confidence ?? 0).toBeLessThan(0.2);
    expect(readKey(summariseSpectrum(noise, ANALYSIS_SAMPLE_RATE).chroma).confidence).toBeLessThan(0.5);
  });

  it('gives noise bursts at random times a low tempo confidence, however deep their level swings', () => {
    const rng = createRng('bursts');
    const edges: number[] = [];
    for (let t = 0; t < 20; t += rng.range(0.05, 0.7)) edges.push(t);
    const bursts = generate(20, (t) => {
      const index = edges.findLastIndex((edge) => edge <= t);
      return rng.range(-0.4, 0.4) * (index % 2 === 0 ? 1 : 0.05);
    });
    expect(readRhythm(bursts, ANALYSIS_SAMPLE_RATE, HOUSE)?.confidence ?? 0).toBeLessThan(0.2);
  });

  it('gives a steady sine tone a low tempo confidence, or no tempo', () => {
    const tone = generate(20, (t) => 0.5 * Math.sin(2 * Math.PI * 440 * t));
    expect(readRhythm(tone, ANALYSIS_SAMPLE_RATE, HOUSE)?.confidence ?? 0).toBeLessThan(0.2);
  });

  it('gives a click track at 128 BPM a high one', () => {
    const click = generate(20, (t) => (((t * 128) / 60) % 1 < 0.01 ? Math.sin(2 * Math.PI * 1000 * t) : 0));
    const rhythm = readRhythm(click, ANALYSIS_SAMPLE_RATE, HOUSE);
    expect(rhythm?.bpm).toBeCloseTo(128, 0);
    expect(rhythm?.confidence).toBeGreaterThan(0.6);
  });

  it('refuses PCM at another sample rate rather than reading it with a stale filter bank', () => {
    expect(() => summariseSpectrum(new Float32Array(44_100), 44_100)).toThrow(/22050 Hz/);
  });
});

describe('foldTempo', () => {
  it('takes half or double time into the genre range, and leaves a tempo inside it alone', () => {
    expect(foldTempo(87, { min: 160, max: 180 })).toBe(174);
    expect(foldTempo(248, { min: 118, max: 130 })).toBe(124);
    expect(foldTempo(131, { min: 118, max: 130 })).toBe(131);
  });
});

describe('readKey', () => {
  it('reads a plain G major and E minor scale from their pitch classes', () => {
    const gMajor = [1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1].map((v, i) => v * (i === 7 ? 3 : 1));
    expect(readKey(gMajor)).toMatchObject({ tonic: 7, mode: 'major', camelot: '9B' });
    const eMinor = gMajor.map((v, i) => (i === 7 ? 1 : i === 4 ? 3 : v));
    expect(readKey(eMinor)).toMatchObject({ tonic: 4, mode: 'minor', camelot: '9A' });
  });

  it('has no confidence in a flat chroma', () => {
    expect(readKey(new Array<number>(12).fill(1)).confidence).toBe(0);
  });
});

describe('energy', () => {
  it('measures the loudness range of a track that halves its level, and none in a steady one', () => {
    const frames = (levels: number[]) => levels.flatMap((level) => new Array<number>(100).fill(level));
    const steady = measureDynamics(frames([0.5, 0.5]), 0.186);
    expect(steady.loudnessRangeDb).toBe(0);
    expect(steady.rmsDb).toBeCloseTo(-6, 0);
    expect(measureDynamics(frames([0.5, 0.25]), 0.186).loudnessRangeDb).toBeCloseTo(6, 0);
  });

  it('ranks louder, busier, more even tracks higher within their genre', () => {
    const genre = [
      { rmsDb: -16, loudnessRangeDb: 9, onsetsPerSecond: 3 },
      { rmsDb: -13, loudnessRangeDb: 6, onsetsPerSecond: 4.5 },
      { rmsDb: -10, loudnessRangeDb: 3, onsetsPerSecond: 6 },
    ];
    const rank = createEnergyRanker(genre);
    const [low, mid, high] = genre.map(rank);
    expect(low).toBeLessThan(mid ?? 0);
    expect(mid).toBeLessThan(high ?? 0);
    expect(percentileWithin(2, [1, 2, 2, 3])).toBe(50);
    expect(percentileWithin(0, [1, 2])).toBe(0);
  });
});
