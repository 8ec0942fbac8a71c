import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { healthEndpoints } from '@klang/domain';
import { CHROMIUM_LAUNCH_OPTIONS } from './support/chromium';

const port = Number(process.env.E2E_PORT ?? 3199);
// A fresh data directory per run: the server migrates and seeds it exactly as a first start would.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'klang-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace records every action of every journey to keep only a failure's: measured here it
    // cost a quarter of the journeys' time (decision 0311). CI keeps the failure's screenshot and
    // page snapshot instead; a run on a workstation records traces as before.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    // Klang's service worker answers from its precache (decision 0292), where page.route never
    // sees a request: journeys that fail a chunk or fake an answer run without it.
    // tests/installable.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it (decision 0160): built here when its sources changed.
    command: 'node scripts/build-server-if-needed.mjs && node --enable-source-maps server/dist/main.js',
    cwd: '..',
    url: `http://localhost:${port}${healthEndpoints.health.path}`,
    // The first start of an empty data directory renders the demo music and artwork.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // Every journey signs up its own users from 127.0.0.1; the per-address quotas (20 sign-ups an
    // hour) would stop the suite, not a person. The limits have route tests of their own.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
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
  },
});
