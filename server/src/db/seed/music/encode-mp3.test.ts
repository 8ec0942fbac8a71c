import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { describe, expect, it } from 'vitest';
import { createMusicParams } from './compose-params';
import { encodeMp3 } from './encode-mp3';
import { getDurationMs, renderTrack } from './render-track';
import { synthesizeTrack } from './synthesize';

/** Decodes an MP3 with ffmpeg and returns the number of stereo frames it holds. */
function decodeFrameCount(mp3: Buffer): number {
  const result = spawnSync(
    ffmpeg.path,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      'pipe:0',
      '-f',
      'f32le',
      '-ac',
      '2',
      '-ar',
      '44100',
      'pipe:1',
    ],
    {
      input: mp3,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  expect(result.status, result.stderr.toString()).toBe(0);
  return result.stdout.length / 8;
}

function isMp3FrameSync(bytes: Buffer, offset: number): boolean {
  return bytes[offset] === 0xff && ((bytes[offset + 1] ?? 0) & 0xe0) === 0xe0;
}

const params = createMusicParams({
  seed: 'encode-test',
  style: 'house',
  bpm: 124,
  key: 'D',
  scale: 'dorian',
  durationSeconds: 4,
  arrangement: 'classic',
  bass: 'fm',
  chords: 'stab',
  lead: 'none',
});

describe('encodeMp3', () => {
  it('returns a tag-free MP3 that starts on a frame sync and decodes to the same length', async () => {
    const mp3 = await encodeMp3(synthesizeTrack(params));
    expect(mp3.subarray(0, 3).toString('latin1')).not.toBe('ID3');
    expect(mp3.subarray(mp3.length - 128, mp3.length - 125).toString('latin1')).not.toBe('TAG');
    expect(isMp3FrameSync(mp3, 0)).toBe(true);
    // 128 kbit/s for 4 s is 64 kB, give or take the encoder's padding frames.
    expect(mp3.length).toBeGreaterThan(60_000);
    expect(mp3.length).toBeLessThan(72_000);
    const seconds = decodeFrameCount(mp3) / 44_100;
    expect(Math.abs(seconds - 4)).toBeLessThan(0.06);
  });

  it('reports a failing encoder instead of hanging', async () => {
    const broken = { sampleRate: -1, left: new Float32Array(10), right: new Float32Array(10) };
    await expect(encodeMp3(broken)).rejects.toThrow(/ffmpeg/);
  });
});

describe('renderTrack', () => {
  it('renders parameters straight to an MP3 of the announced duration', async () => {
    const mp3 = await renderTrack({ ...params, durationSeconds: 2.5 });
    expect(getDurationMs({ ...params, durationSeconds: 2.5 })).toBe(2500);
    expect(Math.abs(decodeFrameCount(mp3) / 44_100 - 2.5)).toBeLessThan(0.06);
  });
});
