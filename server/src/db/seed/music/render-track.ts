/** One track from parameters to MP3 bytes: the unit of work of the seed renderer. */
import { encodeFloatMp3 } from '../../../providers/audio/mp3-encoder';
import type { MusicParams } from './music-params';
import { synthesizeTrack } from './synthesize';
import { SAMPLE_RATE } from './dsp';
import { createTimeline } from './timeline';

/** Exact length of the rendered audio in milliseconds (for tracks.duration_ms). */
export function getDurationMs(params: MusicParams): number {
  return Math.round((createTimeline(params).totalSamples / SAMPLE_RATE) * 1000);
}

/** Synthesizes and encodes one track; resolves with the MP3 file. */
export async function renderTrack(params: MusicParams): Promise<Buffer> {
  const pcm = synthesizeTrack(params);
  // 128 kbit/s: the seed files must look like the stripped renditions listeners get.
  return encodeFloatMp3([pcm.left, pcm.right], pcm.sampleRate, { bitrateKbps: 128 });
}
