import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkUpload, TARGET_LUFS } from '../sound/audio-transcode';
import { decodeToMono } from '../../providers/audio/ffmpeg';
import { SEED_TRACKS } from '../../db/seed/catalogue-tracks';
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

  it('renders the seeded catalogue at the loudness of uploads, within 1 LU of the target', async () => {
    // A sample across the catalogue's styles: its masters ranged from −13.8 to −10.7 LUFS before.
    const sample = [0, Math.floor(SEED_TRACKS.length / 2), SEED_TRACKS.length - 1].map((i) => SEED_TRACKS[i]);
    const dir = await mkdtemp(path.join(tmpdir(), 'klang-seed-loudness-'));
    try {
      for (const track of sample) {
        if (!track) throw new Error('the seed catalogue is smaller than the sample');
        const file = path.join(dir, `${track.key}.mp3`);
        await writeFile(file, await renderTrack(track.music));
        expect(Math.abs((await checkUpload(file)).loudnessLufs - TARGET_LUFS), track.key).toBeLessThanOrEqual(
          1,
        );
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
