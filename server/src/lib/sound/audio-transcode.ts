/**
 * The one transcode of an upload (architecture.md, Media): check the audio's bounds, measure its
 * loudness, write a loudness-normalised 192 kbit/s MP3 with no tags, chapters or pictures, and
 * compute waveform peaks from the same normalised signal. The sandboxed upload decoder
 * (`upload-decoder.ts`, decision 0251) decodes and filters; the MP3 encoder is Debian's `lame`
 * when installed (mp3-encoder.ts). Every step is bounded in time and size (decision 0250).
 */
import { open, stat } from 'node:fs/promises';
import { LIMITS, TRACK_MESSAGES } from '@klang/domain';
import { encodePcm16ToMp3, type PcmFormat } from '../../providers/audio/mp3-encoder';
import { ProcessError, type PipedProcess } from '../../providers/audio/process';
import {
  runUploadDecoder,
  UnsupportedUploadError,
  type SandboxLimits,
} from '../../providers/audio/upload-decoder';
import { wavDataEnd } from '../../providers/audio/wav';

/** Streaming loudness target (integrated LUFS), the level the big streaming services play at. */
export const TARGET_LUFS = -14;
const MAX_GAIN_DB = 12;
const MIN_GAIN_DB = -20;
/** The limiter's ceiling: -1 dBFS, so a boosted quiet master never clips. */
const LIMIT_LINEAR = 0.891;
export const PEAK_COUNT = 200;

/** The decode check reads one second past the cap, so "longer" is seen, never guessed. */
const DECODE_CAP_SECONDS = LIMITS.trackMaxSeconds + 1;
/** Reading a header: a fraction of a second for any honest file. */
const PROBE_LIMITS: SandboxLimits = { cpuSeconds: 10, timeoutMs: 30_000 };
/**
 * Decoding at most 20 minutes and a second: the bundled build does it in seconds (the loudness
 * pass at a few hundred times real time, the rendition pass at about 40 times), so these leave
 * a wide margin on a loaded machine and still stop a file built to be slow.
 */
export const DECODE_LIMITS: SandboxLimits = { cpuSeconds: 300, timeoutMs: 10 * 60_000 };
/** The rendition's bit rate, and the most bytes 20 minutes and a second of it may take (+5 %). */
const RENDITION_KBPS = 192;
export const MAX_RENDITION_BYTES = Math.ceil(((DECODE_CAP_SECONDS * RENDITION_KBPS * 1000) / 8) * 1.05);
/** An MP3 whose length is read from a frame header and not from the file's end, and so on. */
const DECLARED_SLACK_SECONDS = 0.5;

/** An upload refused for good: `reason` is the message the artist reads; a retry cannot help. */
export class RefusedUploadError extends Error {
  constructor(
    readonly reason: string,
    detail: string,
  ) {
    super(`${reason} (${detail})`);
    this.name = 'RefusedUploadError';
  }
}

/** A transcode that passed its time or size bound: failed, not retried (it would pass it again). */
export class TranscodeBoundError extends Error {
  constructor(detail: string) {
    super(`transcode out of bounds: ${detail}`);
    this.name = 'TranscodeBoundError';
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
}

const notAudio = (detail: string) => new RefusedUploadError(TRACK_MESSAGES.audioInvalid, detail);

/** Starts the sandboxed decoder; a file that is none of the three formats is refused as not audio. */
async function decode(
  file: string,
  args: string[],
  limits: SandboxLimits,
  logLevel: 'error' | 'info' = 'error',
): Promise<PipedProcess> {
  try {
    return await runUploadDecoder(file, args, limits, logLevel);
  } catch (error) {
    if (error instanceof UnsupportedUploadError) throw notAudio(error.message);
    throw error;
  }
}

/** Runs a decode whose output is not wanted; resolves with its log, refuses what did not decode. */
async function decodeLog(file: string, args: string[], limits: SandboxLimits): Promise<string> {
  const run = await decode(file, [...args, '-f', 'null', '-'], limits, 'info');
  run.stdout.resume();
  try {
    return await run.exited;
  } catch (error) {
    if (error instanceof ProcessError) throw notAudio(lastLine(error.stderrTail));
    throw error;
  }
}

function secondsOf(match: RegExpExecArray | null | undefined): number | undefined {
  const [, hours, minutes, seconds] = match ?? [];
  if (hours === undefined || minutes === undefined || seconds === undefined) return undefined;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/**
 * The length the container states (MP3 Xing frame, WAV data size, MP4 movie header), read
 * without decoding. Undefined when the decoder only estimated it from the bit rate.
 */
async function declaredSeconds(file: string): Promise<number | undefined> {
  const log = await decodeLog(file, ['-t', '0'], PROBE_LIMITS);
  if (log.includes('Estimating duration from bitrate')) return undefined;
  return secondsOf(/Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(log));
}

/** Whether a WAV's data chunk says it goes on past the end of the file (cut off in transfer). */
async function isWavCutOff(file: string): Promise<boolean> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.toString('latin1', 0, 4) !== 'RIFF') return false;
    const end = wavDataEnd(head);
    return end !== undefined && end > (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}

export interface AudioCheck {
  /** Integrated loudness in LUFS (EBU R 128). */
  loudnessLufs: number;
  /** The length the decoder reached. */
  seconds: number;
}

/**
 * Checks an upload before anything is transcoded, refusing it with the artist's reason:
 * 1. its header: not audio, or a stated length over the cap (no decode at all);
 * 2. a decode bounded to the cap and a second, which measures the loudness on the way: a file
 *    whose header lies runs into the bound, one that is cut off stops short of its stated
 *    length, one under a second is too short.
 */
export async function checkUpload(file: string): Promise<AudioCheck> {
  const declared = await declaredSeconds(file);
  if (declared !== undefined && declared > LIMITS.trackMaxSeconds)
    throw new RefusedUploadError(TRACK_MESSAGES.trackTooLong, `header says ${declared.toFixed(1)} s`);

  const log = await decodeLog(
    file,
    ['-map', '0:a:0', '-vn', '-t', String(DECODE_CAP_SECONDS), '-af', 'ebur128=framelog=verbose'],
    DECODE_LIMITS,
  );
  const summary = /Integrated loudness:\s+I:\s+(-?\d+(?:\.\d+)?) LUFS/.exec(log);
  const reports = [...log.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const seconds = secondsOf(reports.at(-1));
  if (!summary?.[1] || seconds === undefined) throw notAudio(lastLine(log));
  if (seconds > LIMITS.trackMaxSeconds)
    throw new RefusedUploadError(TRACK_MESSAGES.trackTooLong, `decoded past ${seconds.toFixed(1)} s`);
  const isCutOff =
    (declared !== undefined && seconds < declared - DECLARED_SLACK_SECONDS) || (await isWavCutOff(file));
  if (isCutOff)
    throw new RefusedUploadError(
      TRACK_MESSAGES.audioIncomplete,
      `decoded ${seconds.toFixed(2)} s of ${declared?.toFixed(2) ?? 'a longer file'}`,
    );
  if (seconds < LIMITS.trackMinSeconds)
    throw new RefusedUploadError(TRACK_MESSAGES.trackTooShort, `decoded ${seconds.toFixed(2)} s`);
  return { loudnessLufs: Number(summary[1]), seconds };
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

/** A process killed by its deadline (AbortError) or by the kernel at its CPU limit (a signal, no code). */
function isOverTime(error: unknown): boolean {
  return (
    (error instanceof Error && error.name === 'AbortError') ||
    (error instanceof ProcessError && error.exitCode === null)
  );
}

/**
 * Transcodes `inputFile` to `outputFile` in one decode, after `checkUpload` has passed it: the
 * decoder normalises and limits the signal to 16-bit PCM, which streams through the peak tap into
 * the encoder. Memory stays flat whatever the length: nothing but the 100 ms block maxima is kept.
 * The decode stops at the cap and a second, the whole pass at `limits`, and a rendition over
 * MAX_RENDITION_BYTES is refused: each throws a TranscodeBoundError, and the caller cleans up.
 */
export async function transcodeToRendition(
  inputFile: string,
  outputFile: string,
  limits: SandboxLimits = DECODE_LIMITS,
): Promise<Rendition> {
  const { loudnessLufs } = await checkUpload(inputFile);
  const gain = gainFor(loudnessLufs).toFixed(2);
  const filters = [`volume=${gain}dB`, `alimiter=limit=${String(LIMIT_LINEAR)}:level=0`];
  const peaks = createPeakTap();
  try {
    const decoder = await decode(
      inputFile,
      [
        ...['-map', '0:a:0', '-vn', '-t', String(DECODE_CAP_SECONDS)],
        ...['-af', [...filters, `aresample=${String(RENDITION.sampleRate)}`].join(',')],
        ...['-f', 's16le', '-ac', String(RENDITION.channels), 'pipe:1'],
      ],
      limits,
    );
    await Promise.all([
      decoder.exited,
      encodePcm16ToMp3(peaks.tap(decoder.stdout), RENDITION, {
        bitrateKbps: RENDITION_KBPS,
        outputFile,
        signal: AbortSignal.timeout(limits.timeoutMs),
      }),
    ]);
  } catch (error) {
    if (error instanceof RefusedUploadError) throw error;
    if (isOverTime(error))
      throw new TranscodeBoundError(`over ${String(limits.timeoutMs)} ms or its CPU time`);
    // The check decoded this file, so a failure here is the tools', worth a retry.
    throw new Error(`transcode failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const { size } = await stat(outputFile);
  if (size > MAX_RENDITION_BYTES)
    throw new TranscodeBoundError(`rendition of ${String(size)} bytes, over ${String(MAX_RENDITION_BYTES)}`);
  if (peaks.frames() === 0) throw notAudio('no samples decoded');
  return {
    durationMs: Math.round((peaks.frames() / RENDITION.sampleRate) * 1000),
    peaks: foldPeaks(peaks.blocks),
    loudnessLufs,
  };
}
