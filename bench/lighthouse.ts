// Lighthouse (mobile) on a running production build (issues 3 and 17: score ≥ 90, median of 3):
// the landing page, and Discover and the charts as a signed-in listener.
//   npm run build && NODE_ENV=production RATE_LIMITS=off npx tsx server/src/main.ts   (another shell)
//   BASE_URL=http://localhost:3000 npx tsx bench/lighthouse.ts   (writes bench/results/lighthouse.json)
// PAGES=/charts runs a subset; a page marked * (the default '/,*/player,*/charts') is opened
// signed in as a new listener, whose session cookie Lighthouse sends with every request.
import { accountsEndpoints } from '@klang/domain';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const pages = (process.env.PAGES ?? '/,*/player,*/charts').split(',');
const runs = Number(process.env.RUNS ?? 3);

/** A new listener's session cookie: the app's screens are behind sign-in. */
async function listenerCookie(): Promise<string> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await fetch(new URL(accountsEndpoints.signupListener.path, base), {
    method: accountsEndpoints.signupListener.method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: `lh${suffix}`,
      email: `lh-${suffix}@example.com`,
      password: 'secret-pass',
    }),
  });
  if (response.status !== 201)
    throw new Error(`signup failed (${response.status}): ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('the signup set no session cookie');
  return cookies.join('; ');
}

interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferKiB: number;
}

function numeric(audits: Record<string, { numericValue?: number } | undefined>, id: string): number {
  return Math.round(audits[id]?.numericValue ?? Number.NaN);
}

async function runOnce(url: string, cookie: string | null): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    // The default config is the mobile one: Moto G Power screen, simulated slow 4G and 4× CPU.
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const cls = audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      fcpMs: numeric(audits, 'first-contentful-paint'),
      lcpMs: numeric(audits, 'largest-contentful-paint'),
      tbtMs: numeric(audits, 'total-blocking-time'),
      cls: Math.round(cls * 1000) / 1000,
      speedIndexMs: numeric(audits, 'speed-index'),
      transferKiB: Math.round(numeric(audits, 'total-byte-weight') / 1024),
    };
  } finally {
    chrome.kill();
  }
}

async function measure(page: string) {
  const isSignedIn = page.startsWith('*');
  const pagePath = isSignedIn ? page.slice(1) : page;
  const cookie = isSignedIn ? await listenerCookie() : null;
  const url = new URL(pagePath, base).toString();
  const results: Run[] = [];
  for (let i = 0; i < runs; i += 1) {
    const run = await runOnce(url, cookie);
    console.log(
      `${pagePath} run ${i + 1}: score ${run.score}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}`,
    );
    results.push(run);
  }
  const sorted = [...results].sort((a, b) => a.score - b.score);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`${pagePath}: median performance score ${median?.score}`);
  return {
    page: pagePath,
    signedIn: isSignedIn,
    runs: results,
    medianScore: median?.score,
    measuredAt: new Date().toISOString(),
  };
}

const measured = [];
for (const page of pages) measured.push(await measure(page));
const summary = {
  formFactor: 'mobile (Lighthouse default: simulated slow 4G, 4x CPU slowdown)',
  lighthouse: '12.8.2',
  machine: { cpus: cpus().length, node: process.version },
  pages: measured,
};
writeFileSync(
  path.join(import.meta.dirname, 'results', 'lighthouse.json'),
  `${JSON.stringify(summary, null, 2)}\n`,
);
