/**
 * The one transcode of an upload (architecture.md, Media): decode, measure loudness, write a
 * loudness-normalised 192 kbit/s MP3 with no tags, chapters or pictures, and compute waveform
 * peaks from the same normalised signal. ffmpeg (the static build @ffmpeg-installer ships)
 * decodes and filters; the MP3 encoder is Debian's `lame` when installed (mp3-encoder.ts).
 */
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { decodeToPcm16 } from '../../providers/audio/ffmpeg';
import { encodePcm16ToMp3, type PcmFormat } from '../../providers/audio/mp3-encoder';
import { pipeProcess, ProcessError } from '../../providers/audio/process';

/** Streaming loudness target (integrated LUFS), the level the big streaming services play at. */
export const TARGET_LUFS = -14;
const MAX_GAIN_DB = 12;
const MIN_GAIN_DB = -20;
/** The limiter's ceiling: -1 dBFS, so a boosted quiet master never clips. */
const LIMIT_LINEAR = 0.891;
export const PEAK_COUNT = 200;

/** ffmpeg found no decodable audio: the upload is not what its name claims. */
export class NotAudioError extends Error {
  constructor(detail: string) {
    super(`not decodable audio: ${detail}`);
    this.name = 'NotAudioError';
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
}

/** Integrated loudness in LUFS (EBU R 128); throws NotAudioError when nothing decodes. */
export async function measureLoudness(inputFile: string): Promise<number> {
  const run = pipeProcess(ffmpeg.path, [
    ...['-hide_banner', '-nostdin', '-i', inputFile, '-map', '0:a:0', '-vn'],
    ...['-af', 'ebur128=framelog=verbose', '-f', 'null', '-'],
  ]);
  run.stdout.resume();
  let log: string;
  try {
    log = await run.exited;
  } catch (error) {
    if (error instanceof ProcessError) throw new NotAudioError(lastLine(error.stderrTail));
    throw error;
  }
  const summary = /Integrated loudness:\s+I:\s+(-?\d+(?:\.\d+)?) LUFS/.exec(log);
  if (!summary?.[1]) throw new NotAudioError(lastLine(log));
  return Number(summary[1]);
}

/** The gain that brings `lufs` to the target, clamped so silence is not amplified into noise. */
export function gainFor(lufs: number): number {
  return Math.min(MAX_GAIN_DB, Math.max(MIN_GAIN_DB, TARGET_LUFS - lufs));
}

/** Folds per-block maxima into `count` peaks in 0..1. */
export function foldPeaks(blocks: number[], count = PEAK_COUNT): number[] {
  if (blocks.length === 0) return [];
  const peaks: number[] = [];
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * blocks.length) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * blocks.length) / count));
    let max = 0;
    for (let j = from; j < to && j < blocks.length; j++) max = Math.max(max, blocks[j] ?? 0);
    peaks.push(Math.round(Math.min(1, max) * 1000) / 1000);
  }
  return peaks;
}

export interface Rendition {
  durationMs: number;
  peaks: number[];
  loudnessLufs: number;
}

const RENDITION: PcmFormat = { sampleRate: 44_100, channels: 2 };
/** Peaks are the loudest sample of each 100 ms block, folded to PEAK_COUNT afterwards. */
const BLOCK_SAMPLES = (RENDITION.sampleRate / 10) * RENDITION.channels;

/** Reads 16-bit samples as they stream past on their way to the encoder: block maxima and a count. */
function createPeakTap() {
  const blocks: number[] = [];
  let blockMax = 0;
  let inBlock = 0;
  let samples = 0;
  let carry = Buffer.alloc(0);
  async function* tap(pcm: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of pcm) {
      const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % 2);
      for (let offset = 0; offset < whole; offset += 2) {
        blockMax = Math.max(blockMax, Math.abs(bytes.readInt16LE(offset)));
        samples += 1;
        if (++inBlock === BLOCK_SAMPLES) {
          blocks.push(blockMax / 32768);
          blockMax = 0;
          inBlock = 0;
        }
      }
      carry = Buffer.from(bytes.subarray(whole));
      yield chunk;
    }
    if (inBlock > 0) blocks.push(blockMax / 32768);
  }
  return { tap, blocks, frames: () => samples / RENDITION.channels };
}

/**
 * Transcodes `inputFile` to `outputFile` in one decode: ffmpeg normalises and limits the signal
 * to 16-bit PCM, which streams through the peak tap into the encoder. Memory stays flat whatever
 * the length: nothing but the 100 ms block maxima is kept.
 */
export async function transcodeToRendition(inputFile: string, outputFile: string): Promise<Rendition> {
  const loudnessLufs = await measureLoudness(inputFile);
  const gain = gainFor(loudnessLufs).toFixed(2);
  const decoder = decodeToPcm16(inputFile, RENDITION, [
    `volume=${gain}dB`,
    `alimiter=limit=${String(LIMIT_LINEAR)}:level=0`,
  ]);
  const peaks = createPeakTap();
  try {
    await Promise.all([
      decoder.exited,
      encodePcm16ToMp3(peaks.tap(decoder.stdout), RENDITION, { bitrateKbps: 192, outputFile }),
    ]);
  } catch (error) {
    // The loudness pass decoded this file, so a failure here is the tools', worth a retry.
    throw new Error(`transcode failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (peaks.frames() === 0) throw new NotAudioError('no samples decoded');
  return {
    durationMs: Math.round((peaks.frames() / RENDITION.sampleRate) * 1000),
    peaks: foldPeaks(peaks.blocks),
    loudnessLufs,
  };
}
