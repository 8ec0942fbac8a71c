import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bundled from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWav } from '../../test/test-audio';
import { ProcessError } from './process';
import {
  DECODERS,
  hasDebianFfmpeg,
  runUploadDecoder,
  sniffUploadFormat,
  UnsupportedUploadError,
  uploadDecoder,
} from './upload-decoder';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'klang-decoder-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fileOf(name: string, bytes: Buffer | string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

const LIMITS = { cpuSeconds: 10, timeoutMs: 30_000 };

/** Runs the sandboxed decoder to a null output; resolves with its log or rejects with why. */
async function decodeNull(file: string, decoder: { command: string }): Promise<string> {
  const run = await runUploadDecoder(file, ['-f', 'null', '-'], LIMITS, 'error', decoder);
  run.stdout.resume();
  return run.exited;
}

// The bundled build always; Debian's where it is installed (`npm test` installs it), so both are
// held to the same sandbox.
const decoders = [DECODERS['bundled-ffmpeg'], ...(hasDebianFfmpeg() ? [DECODERS['debian-ffmpeg']] : [])];

it('chooses Debian’s ffmpeg when it runs, else the bundled one', () => {
  expect(uploadDecoder().name).toBe(hasDebianFfmpeg() ? 'debian-ffmpeg' : 'bundled-ffmpeg');
});

describe.each(decoders)('the upload decoder ($name)', (decoder) => {
  it('is a real ffmpeg that decodes a WAV in its sandbox', async () => {
    await expect(decodeNull(await fileOf('tone.wav', makeWav(1)), decoder)).resolves.toBeTypeOf('string');
  });

  it('names the demuxer from the first bytes, and only MP3, WAV and MP4', () => {
    expect(sniffUploadFormat(Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'))).toBe('mp3');
    expect(sniffUploadFormat(Buffer.from([0xff, 0xfb, 0x90, 0x00]))).toBe('mp3');
    expect(sniffUploadFormat(makeWav(0.1))).toBe('wav');
    expect(sniffUploadFormat(Buffer.from('\x00\x00\x00\x20ftypM4A ', 'latin1'))).toBe('mov');
    for (const other of ['#EXTM3U\n', 'ffconcat version 1.0\n', 'OggS\x00\x02', 'fLaC\x00\x00'])
      expect(sniffUploadFormat(Buffer.from(other, 'latin1'))).toBeUndefined();
  });

  it('starts nothing for a playlist or a concat script that points at the network', async () => {
    const target = 'http://127.0.0.1:9/track.mp3';
    const playlist = await fileOf('list.m3u8', `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:3,\n${target}\n`);
    const concat = await fileOf('list.ffconcat', `ffconcat version 1.0\nfile ${target}\n`);
    for (const file of [playlist, concat])
      await expect(runUploadDecoder(file, ['-f', 'null', '-'], LIMITS, 'error', decoder)).rejects.toThrow(
        UnsupportedUploadError,
      );
  });

  it('decodes only audio codecs: a WAV carrying ADPCM is refused', async () => {
    const adpcm = spawnSync(bundled.path, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=duration=1'],
      ...['-c:a', 'adpcm_ms', '-f', 'wav', 'pipe:1'],
    ]);
    const error: unknown = await decodeNull(await fileOf('adpcm.wav', adpcm.stdout), decoder).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProcessError);
    expect((error as ProcessError).stderrTail).toMatch(/adpcm_ms\) not on whitelist/);
  });

  it('is killed at its wall-clock limit', async () => {
    const wav = await fileOf('long.wav', makeWav(20));
    const run = await runUploadDecoder(
      wav,
      ['-af', 'aecho', '-f', 'null', '-'],
      { cpuSeconds: 60, timeoutMs: 1 },
      'error',
      decoder,
    );
    run.stdout.resume();
    await expect(run.exited).rejects.toThrow(/abort/i);
  });

  it('is killed by the kernel at its CPU limit', async () => {
    // One CPU second cannot push ten minutes of audio through echoes and a 192 kHz resampler.
    const wav = makeWav(0.1);
    wav.writeUInt32LE(0xffffffff, 40); // unknown data size: read to the end of the file
    const file = await fileOf('busy.wav', Buffer.concat([wav, Buffer.alloc(100 * 1024 * 1024)]));
    const run = await runUploadDecoder(
      file,
      ['-af', 'aecho=0.8:0.9:1000|1800:0.3|0.25,aresample=192000,aecho', '-f', 'null', '-'],
      { cpuSeconds: 1, timeoutMs: 60_000 },
      'error',
      decoder,
    );
    run.stdout.resume();
    const error: unknown = await run.exited.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessError);
    expect((error as ProcessError).exitCode).toBeNull();
  });
});
