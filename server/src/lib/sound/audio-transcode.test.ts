import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWav } from '../../test/test-audio';
import { MAX_RENDITION_BYTES, TranscodeBoundError, transcodeToRendition } from './audio-transcode';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'klang-transcode-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the transcode bounds (decision 0250)', () => {
  it('derives the size bound from 20 minutes at 192 kbit/s, with a margin', () => {
    expect(MAX_RENDITION_BYTES).toBeGreaterThan(1200 * 24_000);
    expect(MAX_RENDITION_BYTES).toBeLessThan(1200 * 24_000 * 1.1);
  });

  it('fails a transcode past its time limit out of bounds, after the check passed it', async () => {
    const input = path.join(dir, 'input.wav');
    await writeFile(input, makeWav(20));
    const output = path.join(dir, 'out.mp3');
    await expect(transcodeToRendition(input, output, { cpuSeconds: 60, timeoutMs: 1 })).rejects.toThrow(
      TranscodeBoundError,
    );
    // The same file within its bounds makes a rendition of its length.
    const rendition = await transcodeToRendition(input, output);
    expect(Math.abs(rendition.durationMs - 20_000)).toBeLessThan(50);
    expect(await readdir(dir)).toEqual(['input.wav', 'out.mp3']);
  });
});
