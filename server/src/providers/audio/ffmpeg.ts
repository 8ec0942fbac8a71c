/**
 * The bundled static ffmpeg as a pipe: decoding, filtering and measuring any audio it reads, with
 * the MP3 encoding left to the one encoder (`mp3-encoder.ts`). Every call is a short-lived
 * process; nothing touches the disk unless a file is named.
 */
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { encodePcm16ToMp3, type Mp3Options, type PcmFormat } from './mp3-encoder';
import { pipeProcess, runProcess, type PipedProcess, type ProcessInput } from './process';

const QUIET = ['-hide_banner', '-loglevel', 'error', '-nostdin'];

/** Runs ffmpeg with `args`, feeding `input` on stdin, and resolves with stdout; `signal` kills it. */
export function runFfmpeg(args: string[], input?: ProcessInput, signal?: AbortSignal): Promise<Buffer> {
  return runProcess(ffmpeg.path, [...QUIET, ...args], { ...(input && { input }), ...(signal && { signal }) });
}

/**
 * Starts decoding `input` (a file path or bytes) through `filters` to interleaved 16-bit PCM in
 * `format`, streamed on stdout. `logLevel` 'info' keeps filter reports (ebur128) in the stderr tail.
 */
export function decodeToPcm16(
  input: string | ProcessInput,
  format: PcmFormat,
  filters: string[] = [],
  logLevel: 'error' | 'info' = 'error',
): PipedProcess {
  const chain = [...filters, `aresample=${String(format.sampleRate)}`];
  return pipeProcess(
    ffmpeg.path,
    [
      ...['-hide_banner', '-loglevel', logLevel, '-nostdin'],
      ...['-i', typeof input === 'string' ? input : 'pipe:0', '-map', '0:a:0', '-vn', '-af', chain.join(',')],
      ...['-f', 's16le', '-ac', String(format.channels), 'pipe:1'],
    ],
    typeof input === 'string' ? {} : { input },
  );
}

/** Decodes audio through `filters` and encodes it to MP3 in one stream, never whole in memory. */
export async function transcodeToMp3(
  input: string | ProcessInput,
  format: PcmFormat,
  options: Mp3Options & { filters?: string[] },
): Promise<Buffer> {
  const decoder = decodeToPcm16(input, format, options.filters);
  const [, encoded] = await Promise.all([decoder.exited, encodePcm16ToMp3(decoder.stdout, format, options)]);
  return encoded;
}

export interface MonoPcm {
  sampleRate: number;
  samples: Float32Array;
}

/** Decodes audio (an MP3) to mono float PCM; rejects when the bytes are not audio ffmpeg can read. */
export async function decodeToMono(input: Buffer, sampleRate = 44_100): Promise<MonoPcm> {
  const raw = await runFfmpeg(
    ['-i', 'pipe:0', '-f', 'f32le', '-ac', '1', '-ar', String(sampleRate), 'pipe:1'],
    input,
  );
  const samples = new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
  return { sampleRate, samples };
}

/** The highest absolute sample of any channel once decoded (a downmix would hide one channel's clip). */
export async function decodedPeak(input: Buffer): Promise<number> {
  const raw = await runFfmpeg(['-i', 'pipe:0', '-f', 'f32le', 'pipe:1'], input);
  let peak = 0;
  for (let offset = 0; offset + 4 <= raw.length; offset += 4)
    peak = Math.max(peak, Math.abs(raw.readFloatLE(offset)));
  return peak;
}
