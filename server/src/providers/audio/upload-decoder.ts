/**
 * The decoder of untrusted uploads (decision 0251): Debian's maintained ffmpeg when it is
 * installed, else the bundled static build, and either one inside the same sandbox:
 * - the demuxer is forced from a magic-byte sniff to one of three (`mp3`, `wav`, `mov`), so no
 *   upload is ever probed as a playlist, a concat script or anything else that opens other files;
 * - only the `file` and `pipe` protocols, so nothing reaches the network;
 * - only audio decoders;
 * - one thread, a CPU-time and an address-space limit (`ulimit` in `sh`, which every Debian has)
 *   and a wall-clock timeout, so a file built to stall or balloon the decoder is killed.
 */
import { spawnSync } from 'node:child_process';
import { open } from 'node:fs/promises';
import bundled from '@ffmpeg-installer/ffmpeg';
import { pipeProcess, type PipedProcess } from './process';

export type UploadFormat = 'mp3' | 'wav' | 'mov';

/** The bytes `sniffUploadFormat` needs. */
export const SNIFF_BYTES = 12;

/** MP3, WAV or MP4/M4A by the first bytes, never by the name or the declared type. */
export function sniffUploadFormat(head: Buffer): UploadFormat | undefined {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  const [first = 0, second = 0] = head;
  if (ascii(0, 3) === 'ID3' || (first === 0xff && (second & 0xe0) === 0xe0)) return 'mp3';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(4, 8) === 'ftyp') return 'mov';
  return undefined;
}

/** The decoders an upload may need: MP3, AAC, ALAC and PCM in its WAV and MP4 flavours. */
const AUDIO_DECODERS = [
  ...['mp3', 'mp3float', 'aac', 'aac_fixed', 'alac', 'pcm_u8', 'pcm_alaw', 'pcm_mulaw'],
  ...['pcm_s16le', 'pcm_s16be', 'pcm_s24le', 'pcm_s24be', 'pcm_s32le', 'pcm_s32be'],
  ...['pcm_f32le', 'pcm_f32be', 'pcm_f64le', 'pcm_f64be'],
].join(',');

export interface SandboxLimits {
  /** CPU seconds before the kernel kills the process. */
  cpuSeconds: number;
  /** Wall-clock milliseconds before Klang kills it. */
  timeoutMs: number;
}

/**
 * Address space for one decoder: ample for audio on one thread (each thread reserves a stack and a
 * malloc arena), nothing like what a decompression bomb wants.
 */
const ADDRESS_SPACE_KB = 2 * 1024 * 1024;

export type UploadDecoderName = 'debian-ffmpeg' | 'bundled-ffmpeg';

let installed: { readonly name: UploadDecoderName; readonly command: string } | undefined;

/** The decoder this machine uses, probed once: Debian's ffmpeg when `ffmpeg` runs. */
export function uploadDecoder(): { readonly name: UploadDecoderName; readonly command: string } {
  installed ??= hasDebianFfmpeg() ? DECODERS['debian-ffmpeg'] : DECODERS['bundled-ffmpeg'];
  return installed;
}

/** Both decoders Klang knows; Debian's runs only where the package is installed. */
export const DECODERS = {
  'debian-ffmpeg': { name: 'debian-ffmpeg', command: 'ffmpeg' },
  'bundled-ffmpeg': { name: 'bundled-ffmpeg', command: bundled.path },
} as const satisfies Record<UploadDecoderName, { name: UploadDecoderName; command: string }>;

export function hasDebianFfmpeg(): boolean {
  return spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
}

/** An upload the sandbox will not hand to a decoder: its first bytes are none of the three formats. */
export class UnsupportedUploadError extends Error {
  constructor() {
    super('not MP3, WAV or MP4 by its first bytes');
    this.name = 'UnsupportedUploadError';
  }
}

async function sniffFile(file: string): Promise<UploadFormat> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    const format = sniffUploadFormat(buffer.subarray(0, bytesRead));
    if (!format) throw new UnsupportedUploadError();
    return format;
  } finally {
    await handle.close();
  }
}

/**
 * Runs the decoder on the upload `file` with `args` after its input, in the sandbox. The output
 * streams on stdout; `exited` settles with the stderr tail. Rejects with UnsupportedUploadError,
 * without starting anything, when the file is not one of the three formats.
 */
export async function runUploadDecoder(
  file: string,
  args: string[],
  limits: SandboxLimits,
  logLevel: 'error' | 'info' = 'error',
  /** Which ffmpeg: this machine's choice; the tests hold both to the same sandbox. */
  decoder: { command: string } = uploadDecoder(),
): Promise<PipedProcess> {
  const format = await sniffFile(file);
  const { command } = decoder;
  const ffmpegArgs = [
    ...['-hide_banner', '-loglevel', logLevel, '-nostdin', '-filter_threads', '1', '-threads', '1'],
    ...['-protocol_whitelist', 'file,pipe', '-codec_whitelist', AUDIO_DECODERS],
    ...['-f', format, '-i', `file:${file}`],
    ...args,
  ];
  // dash's ulimit takes one limit per call; the limits hold for ffmpeg, which `exec` becomes.
  // WARNING: /bin/sh by its path, not `sh` from PATH: the server needs nothing on its PATH but
  // node (the fresh-machine tier runs it so).
  const limit = `ulimit -t ${String(limits.cpuSeconds)} && ulimit -v ${String(ADDRESS_SPACE_KB)} && exec "$@"`;
  return pipeProcess('/bin/sh', ['-c', limit, 'sh', command, ...ffmpegArgs], {
    signal: AbortSignal.timeout(limits.timeoutMs),
  });
}
