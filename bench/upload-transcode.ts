// Transcode benchmark (performance-and-security goal P12: ≤ 60 ms per MiB of WAV, ≈ 1.3× a plain LAME encode):
// the processing job's transcode (loudness pass, normalised 192 kbit/s MP3 without tags, peaks
// from the same decode, encoded by the machine's default encoder) against a plain `lame -b 192`
// of the same WAV, the baseline of performance-and-security goal P12. Needs Debian's `lame` (`apt-get install lame`).
// Interleaved runs, medians. Run pinned: `taskset -c 1 npx tsx bench/upload-transcode.ts`.
//   writes bench/results/upload-transcode.json
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { defaultMp3Encoder } from '../server/src/providers/audio/mp3-encoder';
import { transcodeToRendition } from '../server/src/lib/sound/audio-transcode';

if (defaultMp3Encoder() !== 'lame')
  throw new Error('install Debian lame first: the baseline is a plain lame encode');

const runs = Number(process.env.RUNS ?? 3);
const seconds = 60;
const MiB = 1024 * 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const work = mkdtempSync(path.join(tmpdir(), 'klang-bench-transcode-'));
const wav = path.join(work, 'input.wav');
// A chord with a pulse and noise: something like music for the encoder, not a pure tone.
const made = spawnSync(ffmpeg.path, [
  ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
  '-i',
  `aevalsrc=0.2*sin(2*PI*110*t)*(0.6+0.4*sin(2*PI*2*t))+0.15*sin(2*PI*440*t)+0.05*(random(0)-0.5):s=44100:d=${String(seconds)}`,
  ...['-ac', '2', '-c:a', 'pcm_s16le', wav],
]);
if (made.status !== 0) throw new Error(made.stderr.toString());
const mib = statSync(wav).size / MiB;

const job: number[] = [];
const plain: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    let started = performance.now();
    const rendition = await transcodeToRendition(wav, path.join(work, `job-${String(i)}.mp3`));
    job.push(performance.now() - started);
    if (Math.abs(rendition.durationMs - seconds * 1000) > 50)
      throw new Error(`duration ${String(rendition.durationMs)}`);

    started = performance.now();
    const encoded = spawnSync('lame', [
      '--quiet',
      '-b',
      '192',
      wav,
      path.join(work, `plain-${String(i)}.mp3`),
    ]);
    plain.push(performance.now() - started);
    if (encoded.status !== 0) throw new Error(encoded.stderr.toString());
    console.log(
      `run ${String(i + 1)}: job ${job.at(-1)?.toFixed(0) ?? ''} ms, plain encode ${plain.at(-1)?.toFixed(0) ?? ''} ms`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const jobPerMiB = median(job) / mib;
const plainPerMiB = median(plain) / mib;
const report = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  goal: 'P12: ≤ 60 ms per MiB of WAV, about 1.3× a plain LAME encode; never on the request path',
  input: { seconds, mib: +mib.toFixed(2) },
  jobMs: job.map(Math.round),
  plainEncodeMs: plain.map(Math.round),
  medians: {
    jobMsPerMiB: +jobPerMiB.toFixed(1),
    plainEncodeMsPerMiB: +plainPerMiB.toFixed(1),
    ratio: +(jobPerMiB / plainPerMiB).toFixed(2),
  },
  encoder: defaultMp3Encoder(),
  passAbsolute: jobPerMiB <= 60,
  passRatio: jobPerMiB / plainPerMiB <= 1.3,
};
writeFileSync(
  path.join(import.meta.dirname, 'results', 'upload-transcode.json'),
  `${JSON.stringify(report, null, 2)}\n`,
);
console.log(report.medians, { passAbsolute: report.passAbsolute, passRatio: report.passRatio });
