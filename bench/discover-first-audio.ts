// Click on "Discover Music" to first audio (issue 17: p50 ≤ 100 ms, p95 ≤ 250 ms on loopback), in
// headless Chromium driving the real server and a production build:
//   npm run build && NODE_ENV=production RATE_LIMITS=off npx tsx server/src/main.ts   (another shell)
//   BASE_URL=http://localhost:3000 npx tsx bench/discover-first-audio.ts  (writes results/discover-first-audio.json)
// Each run is a fresh page load of /player with no Discover track in the player's storage, so the
// click starts from nothing: the pick, the secure URL, the media request and the decoder. Timed
// in the page from the click event to the audio element's `playing` event (both event
// timestamps, one clock).
import { accountsEndpoints } from '@klang/domain';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const runs = Number(process.env.RUNS ?? 30);
const warmUp = 3;
const GOAL = { p50Ms: 100, p95Ms: 250 };

/**
 * Runs in the page before the app (a string: this package has no DOM types). No introduction and
 * no leftover Discover track, so every load shows the start screen; the click on the button and
 * the first `playing` of any media element (the engine's is never in the document) are stamped.
 */
const PAGE_PROBE = `
  localStorage.setItem('klang-discover-intro-seen', '1');
  localStorage.removeItem('player-storage');
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.textContent.includes('Discover Music')) window.__discoverClickAt = event.timeStamp;
  }, true);
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    this.addEventListener('playing', (event) => {
      if (window.__firstPlayingAt === undefined) window.__firstPlayingAt = event.timeStamp;
    }, { once: true });
    return play.call(this);
  };
`;

/** The probe's stamps, as read in the page (its window is the globalThis there). */
type Stamps = { __firstPlayingAt?: number; __discoverClickAt?: number };

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: PAGE_PROBE });
  const page = await context.newPage();
  const suffix = `${Date.now().toString(36)}bench`;
  const signup = await page.request.fetch(new URL(accountsEndpoints.signupListener.path, base).toString(), {
    method: accountsEndpoints.signupListener.method,
    data: {
      username: `fa${suffix}`.slice(0, 30),
      email: `fa-${suffix}@example.com`,
      password: 'secret-pass',
    },
  });
  if (signup.status() !== 201) throw new Error(`signup failed: ${await signup.text()}`);

  const samples: number[] = [];
  for (let run = 0; run < runs + warmUp; run++) {
    await page.goto(new URL('/player', base).toString());
    const button = page.getByRole('button', { name: 'Discover Music' });
    await button.waitFor();
    await page.waitForLoadState('networkidle');
    await button.click();
    // Functions passed to the page are serialised: each reads the stamps itself.
    await page.waitForFunction(() => (globalThis as Stamps).__firstPlayingAt !== undefined, undefined, {
      timeout: 10_000,
    });
    const ms = await page.evaluate(() => {
      const { __firstPlayingAt: playing = Number.NaN, __discoverClickAt: click = Number.NaN } =
        globalThis as Stamps;
      return playing - click;
    });
    if (run >= warmUp) samples.push(Math.round(ms * 10) / 10);
    console.log(`${run < warmUp ? 'warm-up' : `run ${String(run - warmUp + 1)}`}: ${ms.toFixed(1)} ms`);
  }
  await context.close();

  const sorted = [...samples].sort((a, b) => a - b);
  const summary = {
    goal: GOAL,
    runs: samples.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    maxMs: sorted.at(-1),
    samplesMs: samples,
    pass: percentile(sorted, 50) <= GOAL.p50Ms && percentile(sorted, 95) <= GOAL.p95Ms,
    setup:
      'headless Debian Chromium, production build, loopback; from the click event to the first `playing` event',
    machine: { cpus: cpus().length, node: process.version },
    measuredAt: new Date().toISOString(),
  };
  console.log(JSON.stringify({ p50Ms: summary.p50Ms, p95Ms: summary.p95Ms, pass: summary.pass }));
  if (process.env.WRITE !== '0') {
    writeFileSync(
      path.join(import.meta.dirname, 'results', 'discover-first-audio.json'),
      `${JSON.stringify(summary, null, 2)}\n`,
    );
  }
} finally {
  await browser.close();
}
