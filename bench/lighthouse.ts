// Lighthouse (mobile) on the landing page of a running production build (issue 3: score ≥ 90).
//   npm run build && NODE_ENV=production npx tsx server/src/main.ts   (in another shell)
//   BASE_URL=http://localhost:3000 npx tsx bench/lighthouse.ts       (writes bench/results/lighthouse.json)
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const pagePath = process.env.PAGE ?? '/';
const runs = Number(process.env.RUNS ?? 3);

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

async function runOnce(url: string): Promise<Run> {
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

const url = new URL(pagePath, base).toString();
const results: Run[] = [];
for (let i = 0; i < runs; i += 1) {
  const run = await runOnce(url);
  console.log(`run ${i + 1}: score ${run.score}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}`);
  results.push(run);
}
const sorted = [...results].sort((a, b) => a.score - b.score);
const median = sorted[Math.floor(sorted.length / 2)];
const summary = {
  page: pagePath,
  formFactor: 'mobile (Lighthouse default: simulated slow 4G, 4x CPU slowdown)',
  lighthouse: '12.8.2',
  runs: results,
  medianScore: median?.score,
  machine: { cpus: cpus().length, node: process.version },
  measuredAt: new Date().toISOString(),
};
writeFileSync(
  path.join(import.meta.dirname, 'results', 'lighthouse.json'),
  `${JSON.stringify(summary, null, 2)}\n`,
);
console.log(`median performance score: ${median?.score}`);
