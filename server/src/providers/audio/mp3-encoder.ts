/**
 * The one MP3 encoder of Klang: 16-bit PCM in, a bare MP3 out (audio frames only: no ID3 tag, no
 * Xing/Info frame, no muxer name). Both choices run the LAME library at quality 5:
 * - Debian's `lame` when it is installed: about three times faster than the LAME inside the
 *   bundled static ffmpeg, which was built without LAME's assembly (decision 0011);
 * - otherwise the bundled ffmpeg's libmp3lame, so a machine without Debian's package still works.
 * Input is always 16-bit: the static build's LAME aborts on some float input ("calc_energy:
 * Assertion `el >= 0'", seen after a vibrato), and 16 bits is all an MP3 keeps anyway.
 */
import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { runProcess, type ProcessInput } from './process';

export type Mp3EncoderName = 'lame' | 'ffmpeg';

export interface PcmFormat {
  sampleRate: number;
  channels: 1 | 2;
}

export interface Mp3Options {
  bitrateKbps: number;
  /** Writes the MP3 here instead of returning it. */
  outputFile?: string;
  /** Forces an encoder (tests compare both); by default the fastest one installed. */
  encoder?: Mp3EncoderName;
  /** Kills the encoder (a deadline). */
  signal?: AbortSignal;
}

/**
 * LAME's quality 5 rather than its default 3: a sixth less time, no audible loss at 128 to
 * 192 kbit/s (7 would halve it but drops noise shaping, which smears hi-hats).
 */
const LAME_QUALITY = 5;

let installed: Mp3EncoderName | undefined;

/** The encoder this machine uses by default, probed once. */
export function defaultMp3Encoder(): Mp3EncoderName {
  installed ??= spawnSync('lame', ['--version'], { stdio: 'ignore' }).status === 0 ? 'lame' : 'ffmpeg';
  return installed;
}

function lameArguments(format: PcmFormat, options: Mp3Options): string[] {
  return [
    '--quiet',
    ...['-r', '-s', String(format.sampleRate / 1000), '--bitwidth', '16', '--signed', '--little-endian'],
    ...[
      '-m',
      format.channels === 1 ? 'm' : 'j',
      '-b',
      String(options.bitrateKbps),
      '-q',
      String(LAME_QUALITY),
    ],
    // -t: no Xing/Info frame, as the ffmpeg path writes none; constant bit rate needs none to seek.
    ...['-t', '--noreplaygain', '-', options.outputFile ?? '-'],
  ];
}

function ffmpegArguments(format: PcmFormat, options: Mp3Options): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 's16le', '-ar', String(format.sampleRate), '-ac', String(format.channels), '-i', 'pipe:0'],
    ...['-map_metadata', '-1', '-id3v2_version', '0', '-write_id3v1', '0', '-write_xing', '0'],
    ...['-c:a', 'libmp3lame', '-b:a', `${String(options.bitrateKbps)}k`],
    ...['-compression_level', String(LAME_QUALITY), '-fflags', '+bitexact', '-flags:a', '+bitexact'],
    ...['-f', 'mp3', options.outputFile ?? 'pipe:1'],
  ];
}

/** Encodes interleaved signed 16-bit little-endian PCM; resolves with the MP3 (empty when written to a file). */
export function encodePcm16ToMp3(pcm: ProcessInput, format: PcmFormat, options: Mp3Options): Promise<Buffer> {
  const encoder = options.encoder ?? defaultMp3Encoder();
  const run = { input: pcm, ...(options.signal && { signal: options.signal }) };
  return encoder === 'lame'
    ? runProcess('lame', lameArguments(format, options), run)
    : runProcess(ffmpeg.path, ffmpegArguments(format, options), run);
}

/** Clipped, interleaved 16-bit PCM of the frames [from, to) of float channels. */
export function floatToPcm16(
  channels: readonly Float32Array[],
  from = 0,
  to = channels[0]?.length ?? 0,
): Buffer {
  const pcm = new Int16Array((to - from) * channels.length);
  let index = 0;
  for (let frame = from; frame < to; frame++) {
    for (const channel of channels) {
      const sample = Math.max(-1, Math.min(1, channel[frame] ?? 0));
      pcm[index++] = Math.round(sample * 32767);
    }
  }
  return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
}

/** The same chunk by chunk, so a long track never exists twice in memory. */
export function* pcm16Chunks(channels: readonly Float32Array[], chunkFrames = 32_768): Generator<Buffer> {
  const frames = channels[0]?.length ?? 0;
  for (let from = 0; from < frames; from += chunkFrames)
    yield floatToPcm16(channels, from, Math.min(frames, from + chunkFrames));
}

/** Encodes float channels (one or two) to MP3. */
export function encodeFloatMp3(
  channels: readonly [Float32Array] | readonly [Float32Array, Float32Array],
  sampleRate: number,
  options: Mp3Options,
): Promise<Buffer> {
  return encodePcm16ToMp3(pcm16Chunks(channels), { sampleRate, channels: channels.length }, options);
}
