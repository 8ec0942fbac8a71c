/**
 * The one transcode of an upload (ARCHITECTURE.md, Media): decode, measure loudness, write a
 * loudness-normalised 192 kbit/s MP3 with no tags, chapters or pictures, and compute waveform
 * peaks from the same normalised signal. ffmpeg is the static build @ffmpeg-installer ships.
 */
import { spawn } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

/** Streaming loudness target (integrated LUFS), the level the big streaming services play at. */
export const TARGET_LUFS = -14;
const MAX_GAIN_DB = 12;
const MIN_GAIN_DB = -20;
/** The limiter's ceiling: -1 dBFS, so a boosted quiet master never clips. */
const LIMIT_LINEAR = 0.891;
const PEAK_SAMPLE_RATE = 4000;
export const PEAK_COUNT = 200;

/** ffmpeg found no decodable audio: the upload is not what its name claims. */
export class NotAudioError extends Error {
  constructor(detail: string) {
    super(`not decodable audio: ${detail}`);
    this.name = 'NotAudioError';
  }
}

interface FfmpegRun {
  code: number | null;
  stderr: string;
}

function runFfmpeg(args: string[], onStdout?: (chunk: Buffer) => void): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, ['-hide_banner', '-nostdin', ...args], {
      stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'pipe'],
    });
    const errors: Buffer[] = [];
    let errorBytes = 0;
    child.stderr?.on('data', (chunk: Buffer) => {
      // The loudness log is one line per 100 ms; keep only the tail, where the summary is.
      errors.push(chunk);
      errorBytes += chunk.length;
      while (errorBytes > 64 * 1024 && errors.length > 1) errorBytes -= errors.shift()?.length ?? 0;
    });
    if (onStdout) child.stdout?.on('data', onStdout);
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stderr: Buffer.concat(errors).toString() });
    });
  });
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
}

/** Integrated loudness in LUFS (EBU R 128); throws NotAudioError when nothing decodes. */
export async function measureLoudness(inputFile: string): Promise<number> {
  const run = await runFfmpeg([
    ...['-i', inputFile, '-map', '0:a:0', '-vn'],
    ...['-af', 'ebur128=framelog=verbose', '-f', 'null', '-'],
  ]);
  const summary = /Integrated loudness:\s+I:\s+(-?\d+(?:\.\d+)?) LUFS/.exec(run.stderr);
  if (run.code !== 0 || !summary?.[1]) throw new NotAudioError(lastLine(run.stderr));
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

/**
 * Transcodes `inputFile` to `outputFile` in one decode: the normalised signal is split, one
 * branch encoded to MP3, the other downsampled to mono floats on stdout for the peaks and the
 * exact duration. Memory stays flat: peaks are folded per 100 ms block as they stream.
 */
export async function transcodeToRendition(inputFile: string, outputFile: string): Promise<Rendition> {
  const loudnessLufs = await measureLoudness(inputFile);
  const gain = gainFor(loudnessLufs).toFixed(2);
  const blockSamples = PEAK_SAMPLE_RATE / 10;
  const blocks: number[] = [];
  let blockMax = 0;
  let inBlock = 0;
  let samples = 0;
  let carry = Buffer.alloc(0);
  const run = await runFfmpeg(
    [
      ...['-y', '-i', inputFile],
      '-filter_complex',
      `[0:a:0]volume=${gain}dB,alimiter=limit=${LIMIT_LINEAR}:level=0,asplit=2[enc][pk];` +
        `[pk]aformat=sample_fmts=flt:channel_layouts=mono,aresample=${PEAK_SAMPLE_RATE}[p]`,
      // No metadata, chapters, cover pictures or encoder tag: nothing in the file names anyone.
      ...['-map', '[enc]', '-map_metadata', '-1', '-map_chapters', '-1'],
      ...['-ar', '44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '192k', '-compression_level', '5'],
      ...['-id3v2_version', '0', '-write_id3v1', '0', '-fflags', '+bitexact', '-flags:a', '+bitexact'],
      ...['-f', 'mp3', outputFile],
      ...['-map', '[p]', '-f', 'f32le', 'pipe:1'],
    ],
    (chunk) => {
      const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % 4);
      for (let offset = 0; offset < whole; offset += 4) {
        blockMax = Math.max(blockMax, Math.abs(bytes.readFloatLE(offset)));
        inBlock += 1;
        samples += 1;
        if (inBlock === blockSamples) {
          blocks.push(blockMax);
          blockMax = 0;
          inBlock = 0;
        }
      }
      carry = Buffer.from(bytes.subarray(whole));
    },
  );
  // The loudness pass decoded this file, so a failure here is ffmpeg's, worth a retry.
  if (run.code !== 0) throw new Error(`ffmpeg transcode failed: ${lastLine(run.stderr)}`);
  if (inBlock > 0) blocks.push(blockMax);
  if (samples === 0) throw new NotAudioError('no samples decoded');
  return {
    durationMs: Math.round((samples / PEAK_SAMPLE_RATE) * 1000),
    peaks: foldPeaks(blocks),
    loudnessLufs,
  };
}
