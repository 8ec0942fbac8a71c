import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { healthEndpoints } from '@klang/domain';
import { CHROMIUM_LAUNCH_OPTIONS } from './support/chromium';

/**
 * Each project has a server of its own, on its own fresh data directory, and the two projects run
 * at the same time, one journey after another within each (decision 0311): the desktop journeys on
 * `E2E_PORT` (3199 by default), the phone journeys on the port after it. A journey that starts a
 * server of its own takes a port from `E2E_PORT + 50 + parallelIndex`.
 */
const basePort = Number(process.env.E2E_PORT ?? 3199);
const PROJECTS = [
  { name: 'desktop', port: basePort, use: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone',
    port: basePort + 1,
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
] as const;

// The first start of an empty data directory migrates and seeds it exactly as a first start would.
const dataDirOf = (project: string) =>
  process.env.E2E_DATA_DIR
    ? path.join(process.env.E2E_DATA_DIR, project)
    : mkdtempSync(path.join(tmpdir(), `klang-e2e-${project}-`));

// Both servers run server/dist: it is compiled once, here, when its sources changed, before either
// starts (the runner's process only: a worker loads this file too, and finds it up to date).
if (process.env.TEST_WORKER_INDEX === undefined) {
  execFileSync(process.execPath, ['scripts/build-server-if-needed.mjs'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: 'inherit',
  });
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // One worker per project (each project's journeys share its server's data, in order).
  workers: PROJECTS.length,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 60_000,
  use: {
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    // Klang's service worker answers from its precache (decision 0292), where page.route never
    // sees a request: journeys that fail a chunk or fake an answer run without it.
    // tests/installable.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: PROJECTS.map(({ name, port, use }) => ({
    name,
    workers: 1,
    use: { ...use, baseURL: `http://localhost:${String(port)}` },
  })),
  webServer: PROJECTS.map(({ name, port }) => ({
    // The compiled server, as `npm start` runs it (decision 0160), built above.
    command: 'node --enable-source-maps server/dist/main.js',
    cwd: '..',
    url: `http://localhost:${String(port)}${healthEndpoints.health.path}`,
    // The first start of an empty data directory renders the demo music and artwork.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // Every journey signs up its own users from 127.0.0.1; the per-address quotas (20 sign-ups an
    // hour) would stop the suite, not a person. The limits have route tests of their own.
    env: {
      PORT: String(port),
      DATA_DIR: dataDirOf(name),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The journeys read their emails from the local outbox's pages.
      DEV_MAILBOX: 'true',
      RATE_LIMITS: 'off',
      // Every journey's listeners are minutes old; the day the verdict waits for has route tests.
      VERDICT_ACCOUNT_MIN_AGE_HOURS: '0',
      // Character packs train for real on the local engine, but need not wait the 90 s default.
      PACK_LOCAL_TRAINING_SECONDS: '3',
      PACK_CHECK_SECONDS: '1',
    },
  })),
});
