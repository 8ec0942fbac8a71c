/**
 * The bundled static ffmpeg (libmp3lame) as a pipe: PCM or WAV in, MP3 out, and MP3 back to PCM
 * for checks. Every call is one short-lived process; nothing touches the disk.
 */
import { spawn } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

/** Runs ffmpeg with `args`, feeding `input` on stdin, and resolves with stdout. */
export function runFfmpeg(args: string[], input: Buffer, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(signal && { signal }),
    });
    const output: Buffer[] = [];
    const errors: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(output));
      else
        reject(new Error(`ffmpeg exited with ${String(code)}: ${Buffer.concat(errors).toString().trim()}`));
    });
    // An EPIPE here means ffmpeg died early; its exit code and stderr carry the real reason.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

const MP3_OUT = [
  ...['-map_metadata', '-1', '-id3v2_version', '0', '-write_id3v1', '0'],
  ...['-codec:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', 'pipe:1'],
];

/** Encodes interleaved stereo float PCM to a 128 kbit/s MP3 without any tag. */
export function encodeStereoMp3(
  left: Float32Array,
  right: Float32Array,
  sampleRate: number,
): Promise<Buffer> {
  const interleaved = new Float32Array(left.length * 2);
  for (let i = 0; i < left.length; i++) {
    interleaved[2 * i] = left[i] ?? 0;
    interleaved[2 * i + 1] = right[i] ?? 0;
  }
  const input = Buffer.from(interleaved.buffer, interleaved.byteOffset, interleaved.byteLength);
  return runFfmpeg(['-f', 'f32le', '-ar', String(sampleRate), '-ac', '2', '-i', 'pipe:0', ...MP3_OUT], input);
}

/** Transcodes any audio ffmpeg reads (a WAV from eSpeak) to MP3 through an optional filter chain. */
export function transcodeToMp3(input: Buffer, filters: string[] = []): Promise<Buffer> {
  // WARNING: this LAME build aborts ("calc_energy: Assertion `el >= 0'") on some float input
  // after a vibrato; handing it 16-bit samples avoids its float path.
  const chain = [...filters, 'aresample=44100', 'aformat=sample_fmts=s16p'];
  return runFfmpeg(['-i', 'pipe:0', '-af', chain.join(','), ...MP3_OUT], input);
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
