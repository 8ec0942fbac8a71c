/** One track from parameters to MP3 bytes: the unit of work of the seed renderer. */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pcm16Chunks } from '../../providers/audio/mp3-encoder';
import { wavHeader } from '../../providers/audio/wav';
import { transcodeToRendition } from '../sound/audio-transcode';
import type { MusicParams } from './music-params';
import { synthesizeTrack } from './synthesize';
import { SAMPLE_RATE } from './dsp';
import { createTimeline } from './timeline';

/** Exact length of the rendered audio in milliseconds (for tracks.duration_ms). */
export function getDurationMs(params: MusicParams): number {
  return Math.round((createTimeline(params).totalSamples / SAMPLE_RATE) * 1000);
}

/**
 * Synthesizes one track and passes it through the upload pipeline's own transcode (loudness
 * normalised to −14 LUFS, limited, stripped, 192 kbit/s), so the seeded catalogue plays at the
 * level of every uploaded track and a new listener hears no jumps between them. Resolves with
 * the MP3 file.
 */
export async function renderTrack(params: MusicParams): Promise<Buffer> {
  const pcm = synthesizeTrack(params);
  const channels = [pcm.left, pcm.right] as const;
  const dir = await mkdtemp(path.join(tmpdir(), 'klang-seed-render-'));
  try {
    const wav = path.join(dir, 'master.wav');
    const mp3 = path.join(dir, 'rendition.mp3');
    const header = wavHeader(pcm.left.length * channels.length * 2, {
      sampleRate: pcm.sampleRate,
      channels: 2,
    });
    await pipeline(
      (function* () {
        yield header;
        yield* pcm16Chunks(channels);
      })(),
      createWriteStream(wav),
    );
    await transcodeToRendition(wav, mp3);
    return await readFile(mp3);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
