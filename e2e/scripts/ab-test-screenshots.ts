// Blind A/B tests (issue 31 items 1 and 5) at 1280 × 800 and 390 × 844, dark and light: the Hooks
// tab's set-up as the demo artist sees it, and the live comparison and an ended test.
//   npx tsx e2e/scripts/ab-test-screenshots.ts http://localhost:3000 /tmp/klang-ab-test
// The seeded demo tracks have no test, so the comparison shots answer the A/B page in the browser
// with made-up figures around the real track (the E2E journey tests/ab-test.spec.ts reads real ones).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import {
  accountsEndpoints,
  DEMO_ACCOUNT,
  hooksEndpoints,
  HOOKS,
  type AbTest,
  type AbVersionFigures,
  type TrackAbTest,
} from '@klang/domain';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { matchEntry } from '../support/contract';
import { findCoveredControls } from '../support/shell';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-ab-test'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const SIZES = [
  { name: 'desk', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
type Size = (typeof SIZES)[number];

async function newPage(browser: Browser, size: Size, theme: 'dark' | 'light'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
  });
  await context.addInitScript((chosen) => {
    localStorage.setItem('theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
  }, theme);
  return context.newPage();
}

/** A version's figures over `listeners`, with a skip curve that falls to `end`. */
function figures(
  listeners: number,
  likes: number,
  skips: number,
  end: number,
  durationMs: number,
): AbVersionFigures {
  const rate = likes / (likes + skips);
  const spread = 1.96 * Math.sqrt((rate * (1 - rate)) / (likes + skips));
  return {
    listeners,
    likes,
    skips,
    likeRate: rate,
    interval: { low: Math.max(0, rate - spread), high: Math.min(1, rate + spread) },
    skipCurve: Array.from({ length: HOOKS.curveSteps + 1 }, (_, i) => ({
      positionMs: Math.round((durationMs * i) / HOOKS.curveSteps),
      share: 1 - (1 - end) * Math.sqrt(i / HOOKS.curveSteps),
    })),
    medianSecondsToLike: 18,
  };
}

function madeUp(page: TrackAbTest, status: AbTest['status']): TrackAbTest {
  const durationMs = 214_000;
  return {
    ...page,
    featured: true,
    test: {
      id: '00000000-0000-4000-8000-0000000000ab',
      status,
      versionA: { trackId: page.trackId, title: page.title, durationMs },
      versionB: {
        trackId: '00000000-0000-4000-8000-0000000000bb',
        title: `${page.title} (short intro)`,
        durationMs: 198_000,
      },
      cap: 2000,
      startedAt: '2026-11-20T10:00:00.000Z',
      endedAt: status === 'running' ? null : '2026-11-27T18:30:00.000Z',
      a: figures(120, 31, 97, 0.42, durationMs),
      b: figures(120, 47, 80, 0.55, 198_000),
      probabilityBBeatsA: status === 'running' ? 0.968 : 0.9991,
      threshold: status === 'running' ? 0.9996 : 0.9935,
    },
  };
}

async function shoot(page: Page, name: string, tag: string) {
  const file = path.join(outDir, `${name}__${tag}.png`);
  await page.screenshot({ path: file, fullPage: true });
  const covered = await findCoveredControls(page).catch(() => []);
  console.log(file, covered.length ? JSON.stringify(covered) : '');
}

async function abTest(page: Page, tag: string, status: AbTest['status'] | null) {
  if (status)
    await page.route('**/api/**', async (route) => {
      if (!matchEntry(hooksEndpoints.trackAbTest, route.request())) return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, json: madeUp((await response.json()) as TrackAbTest, status) });
    });
  const res = await page.request.post(new URL(accountsEndpoints.login.path, base).toString(), {
    data: { identifier: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  if (!res.ok()) throw new Error(`login failed: ${await res.text()}`);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Hooks' }).click({ timeout: 10_000 });
  const section = page.getByRole('heading', { name: 'A/B test' });
  await section.waitFor({ timeout: 20_000 });
  await section.scrollIntoViewIfNeeded();
  await page.waitForTimeout(1000);
  await shoot(page, `ab-test-${status ?? 'set-up'}`, tag);
}

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const size of SIZES) {
    for (const theme of ['dark', 'light'] as const) {
      const tag = `${size.name}-${theme}`;
      for (const status of [null, 'running', 'b-won'] as const) {
        const page = await newPage(browser, size, theme);
        try {
          await abTest(page, tag, status);
        } catch (error) {
          console.log(`${tag} ${status ?? 'set-up'}: ${(error as Error).message.split('\n')[0]}`);
        }
        await page.context().close();
      }
    }
  }
} finally {
  await browser.close();
}
