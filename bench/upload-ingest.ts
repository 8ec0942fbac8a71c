// Upload ingest benchmark (performance-and-security goal P11): a 75 MiB upload streamed through the real server
// (size guard, magic-byte check, sha256, fsync, rename, media and track rows, job enqueued),
// timed against `sha256sum` of the same file, with the server's peak memory for one upload and
// for four at once. The server runs main.ts on PGlite without demo content, pinned to core 0;
// this client runs where it is started (run it pinned: `taskset -c 1 npx tsx bench/upload-ingest.ts`).
//   writes bench/results/upload-ingest.json
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import {
  accountsEndpoints,
  fillPath,
  healthEndpoints,
  LIMITS,
  tracksEndpoints,
  entryUrl,
} from '@klang/domain';
import { wavHeader } from '../server/src/test/test-audio';

const { listTracks, uploadTrack } = tracksEndpoints;

const root = path.resolve(import.meta.dirname, '..');
const port = 3298;
const base = `http://127.0.0.1:${port}`;
const rounds = Number(process.env.RUNS ?? 3);
const MiB = 1024 * 1024;
const size = LIMITS.audioMaxBytes; // 75 MiB exactly: the largest upload accepted

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

/** Resets the kernel's peak-RSS mark of the process to its current RSS (Linux clear_refs 5). */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

async function signUpArtist(n: number): Promise<string> {
  const name = `bench${String(n)}${Date.now().toString(36)}`;
  const res = await fetch(`${base}${accountsEndpoints.signupArtist.path}`, {
    method: accountsEndpoints.signupArtist.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: name,
      email: `${name}@example.com`,
      password: 'secret-pass',
      artistName: name,
      bio: 'Benchmarks',
    }),
  });
  if (res.status !== 201) throw new Error(`signup ${String(res.status)}: ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function upload(cookie: string, body: Blob): Promise<number> {
  const started = performance.now();
  const query = new URLSearchParams({ title: 'Bench', genre: 'Drum n Bass' });
  const res = await fetch(`${base}${fillPath(uploadTrack.path, {})}?${query.toString()}`, {
    method: uploadTrack.method,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    body,
  });
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`upload ${String(res.status)}: ${await res.text()}`);
  return ms;
}

/** The uploads' processing jobs run in the server; wait for them so they do not skew the next round. */
async function waitForJobs(cookie: string) {
  for (;;) {
    const res = await fetch(`${base}${fillPath(listTracks.path, {})}`, { headers: { cookie } });
    const body = (await res.json()) as { tracks: { status: string }[] };
    if (body.tracks.every((t) => t.status !== 'processing')) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const work = mkdtempSync(path.join(tmpdir(), 'klang-bench-upload-'));
const file = path.join(work, 'upload.wav');
const bytes = Buffer.alloc(size);
wavHeader(size - 44).copy(bytes);
// Pseudo-random audio so nothing downstream gets to compress or skip silence.
for (let i = 44; i < size; i += 4) bytes.writeUInt32LE((Math.imul(i, 2654435761) >>> 0) & 0x3fff3fff, i);
writeFileSync(file, bytes);
const blob = new Blob([bytes]);

const sha = [] as number[];
for (let i = 0; i < rounds; i++) {
  const started = performance.now();
  spawnSync('sha256sum', [file]);
  sha.push(performance.now() - started);
}

const server = spawn('taskset', ['-c', '0', process.execPath, '--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'warn',
    SEED: 'false',
    RATE_LIMITS: 'off',
  },
  stdio: 'ignore',
});
try {
  for (;;) {
    try {
      if ((await fetch(base + entryUrl(healthEndpoints.health))).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // taskset execs node in place, so the spawned pid is the server's.
  const pid = server.pid ?? 0;

  const single: { ms: number; msPerMiB: number; rssBeforeMiB: number; peakMiB: number }[] = [];
  const concurrent: { ms: number; rssBeforeMiB: number; peakMiB: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    const cookie = await signUpArtist(round);
    await upload(cookie, new Blob([bytes.subarray(0, 1024 * 64)])); // warm-up
    await waitForJobs(cookie);

    resetPeak(pid);
    const rssBefore = procStatus(pid, 'VmRSS');
    const ms = await upload(cookie, blob);
    single.push({
      ms: Math.round(ms),
      msPerMiB: +(ms / (size / MiB)).toFixed(2),
      rssBeforeMiB: rssBefore,
      peakMiB: procStatus(pid, 'VmHWM'),
    });
    await waitForJobs(cookie);

    const others = await Promise.all([1, 2, 3, 4].map((n) => signUpArtist(round * 10 + n)));
    resetPeak(pid);
    const rssBefore4 = procStatus(pid, 'VmRSS');
    const started = performance.now();
    await Promise.all(others.map((c) => upload(c, blob)));
    concurrent.push({
      ms: Math.round(performance.now() - started),
      rssBeforeMiB: rssBefore4,
      peakMiB: procStatus(pid, 'VmHWM'),
    });
    for (const c of others) await waitForJobs(c);
    console.log(`round ${String(round + 1)}:`, single.at(-1), concurrent.at(-1));
  }

  const shaMsPerMiB = median(sha) / (size / MiB);
  const msPerMiB = median(single.map((s) => s.msPerMiB));
  const growth1 = median(single.map((s) => s.peakMiB - s.rssBeforeMiB));
  const growth4 = median(concurrent.map((s) => s.peakMiB - s.rssBeforeMiB));
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    goal: 'P11: ≤ 15 ms/MiB and ≤ 3× sha256sum; peak RSS ≤ 150 MiB for one 75 MiB upload, ≤ 250 MiB for 4',
    bytes: size,
    sha256sumMsPerMiB: +shaMsPerMiB.toFixed(2),
    single,
    concurrent4: concurrent,
    medians: {
      msPerMiB,
      ratioToSha256sum: +(msPerMiB / shaMsPerMiB).toFixed(2),
      peakRssMiB: median(single.map((s) => s.peakMiB)),
      peakGrowthMiB: growth1,
      peakRss4MiB: median(concurrent.map((s) => s.peakMiB)),
      peakGrowth4MiB: growth4,
    },
    note: 'The server process holds PGlite (PostgreSQL in WebAssembly, ~350 MiB idle), so the absolute peak includes the database; the growth is what the upload costs.',
    pass: msPerMiB <= 15 && msPerMiB / shaMsPerMiB <= 3 && growth1 <= 150 && growth4 <= 250,
  };
  writeFileSync(
    path.join(import.meta.dirname, 'results', 'upload-ingest.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  console.log(report.medians, report.pass ? 'PASS' : 'FAIL');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(work, { recursive: true, force: true });
}
