// The fault battery (issue 21): `npm run bench:faults [-- scenario ...]`. Each scenario starts
// what it needs on loopback (PostgreSQL, an S3-compatible server, compiled Klang processes),
// breaks something on purpose, checks the promise, records its figures in
// bench/results/faults.json and stops everything it started. Durations are bounded; see
// docs/operations.md for what each one shows and the variables that shorten or lengthen them.
import { dbOutage } from './db-outage';
import { Battery, buildServer, record, type Check } from './harness';
import { gracefulShutdown, workerKilled } from './jobs';
import { fairLanes } from './lanes';
import { restoreDrill } from './restore';
import { storageFaults } from './storage';
import { uploadsCrash } from './uploads-crash';
import { scaleOut, soak } from './load';

type Scenario = (battery: Battery) => Promise<Record<string, unknown> & { checks: Check[] }>;

const SCENARIOS: Record<string, Scenario> = {
  'uploads-crash': uploadsCrash,
  shutdown: gracefulShutdown,
  'worker-killed': workerKilled,
  'fair-lanes': fairLanes,
  'db-outage': dbOutage,
  storage: storageFaults,
  restore: restoreDrill,
  'scale-out': scaleOut,
  soak,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in SCENARIOS));
if (unknown.length > 0) {
  console.error(`unknown scenario ${unknown.join(', ')}; known: ${Object.keys(SCENARIOS).join(', ')}`);
  process.exit(2);
}

buildServer();
let failed = 0;
let current: Battery | undefined;
// Interrupted, the battery still stops what it started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (current?.close() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}
for (const name of asked.length > 0 ? asked : Object.keys(SCENARIOS)) {
  console.log(`\n${name}`);
  const battery = new Battery();
  current = battery;
  const started = Date.now();
  try {
    const scenario = SCENARIOS[name];
    if (!scenario) continue;
    const result = await scenario(battery);
    record(name, { ...result, durationSeconds: Math.round((Date.now() - started) / 1000) });
    if (!result.checks.every((c) => c.pass)) failed += 1;
  } catch (error) {
    failed += 1;
    console.error(`  ${name} could not run:`, error);
  } finally {
    await battery.close();
  }
}
process.exit(failed > 0 ? 1 : 0);
