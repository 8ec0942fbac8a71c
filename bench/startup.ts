// Start-up benchmark (performance-and-security goal P15: ready in ≤ 10 s on an existing PGlite data directory),
// with the resident memory once ready and the time of a first start that seeds an empty one.
// The server runs compiled, as `npm start` runs it (decision 0160); the script builds it first.
//   npx tsx bench/startup.ts            (writes bench/results/startup.json)
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { healthEndpoints, entryUrl } from '@klang/domain';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3299);
const runs = Number(process.env.RUNS ?? 3);

interface Start {
  readyMs: number;
  rssMiB: number;
}

async function startOnce(dataDir: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}${entryUrl(healthEndpoints.health)}`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const readyMs = performance.now() - started;
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { readyMs: Math.round(readyMs), rssMiB: Math.round(rssKiB / 1024) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

execFileSync(process.execPath, ['scripts/build-server-if-needed.mjs'], { cwd: root, stdio: 'inherit' });
const seeded = mkdtempSync(path.join(tmpdir(), 'klang-bench-seed-'));
console.log('first start of an empty data directory (seeds demo content)…');
const firstStart = await startOnce(seeded);
console.log(`  ready in ${firstStart.readyMs} ms, ${firstStart.rssMiB} MiB`);

const warm: Start[] = [];
for (let i = 0; i < runs; i++) {
  const copy = mkdtempSync(path.join(tmpdir(), 'klang-bench-run-'));
  cpSync(seeded, copy, { recursive: true });
  const result = await startOnce(copy);
  console.log(
    `start ${i + 1} on an existing data directory: ready in ${result.readyMs} ms, ${result.rssMiB} MiB`,
  );
  warm.push(result);
  rmSync(copy, { recursive: true, force: true });
}
rmSync(seeded, { recursive: true, force: true });

const report = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  goal: 'P15: ready ≤ 10000 ms on an existing PGlite data directory',
  firstStartWithSeed: firstStart,
  existingDataDir: {
    runs: warm,
    medianReadyMs: median(warm.map((r) => r.readyMs)),
    medianRssMiB: median(warm.map((r) => r.rssMiB)),
  },
  pass: median(warm.map((r) => r.readyMs)) <= 10_000,
};
writeFileSync(
  path.join(import.meta.dirname, 'results', 'startup.json'),
  `${JSON.stringify(report, null, 2)}\n`,
);
console.log(
  `median ready ${report.existingDataDir.medianReadyMs} ms (goal ≤ 10000 ms): ${report.pass ? 'PASS' : 'FAIL'}`,
);
