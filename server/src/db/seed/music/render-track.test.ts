import { describe, expect, it } from 'vitest';
import { decodeToMono } from '../../../providers/audio/ffmpeg';
import { createMusicParams } from './compose-params';
import { getDurationMs, renderTrack } from './render-track';

const params = createMusicParams({
  seed: 'encode-test',
  style: 'house',
  bpm: 124,
  key: 'D',
  scale: 'dorian',
  durationSeconds: 2.5,
  arrangement: 'classic',
  bass: 'fm',
  chords: 'stab',
  lead: 'none',
});

describe('renderTrack', () => {
  it('renders parameters straight to an MP3 of the announced duration', async () => {
    const mp3 = await renderTrack(params);
    expect(getDurationMs(params)).toBe(2500);
    const { samples, sampleRate } = await decodeToMono(mp3);
    expect(Math.abs(samples.length / sampleRate - 2.5)).toBeLessThan(0.06);
  });
});
