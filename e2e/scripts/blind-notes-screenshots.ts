// Blind Notes (issue 31 item 2) at 1280 × 800 and 390 × 844, dark and light: Discover with the
// "Why skip?" strip and a marked moment, and the Hooks tab's Blind Notes section.
//   npx tsx e2e/scripts/blind-notes-screenshots.ts http://localhost:3000 /tmp/klang-blind-notes
// The seeded demo tracks have no notes, so the Hooks shots add an aggregate to the demo artist's
// real hook analytics in the browser (the numbers are made up; the E2E journey
// tests/blind-notes.spec.ts reads real ones). Discover is shot as it is.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import {
  accountsEndpoints,
  DEMO_ACCOUNT,
  hooksEndpoints,
  HOOKS,
  SKIP_REASONS,
  type BlindNotesAggregate,
  type TrackHooks,
} from '@klang/domain';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { matchEntry } from '../support/contract';
import { signUpListener } from '../support/listener';
import { findCoveredControls } from '../support/shell';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-blind-notes'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const url = (route: string) => new URL(route, base).toString();

const SIZES = [
  { name: 'desk', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
type Size = (typeof SIZES)[number];
type Theme = 'dark' | 'light';

async function newPage(browser: Browser, size: Size, theme: Theme): Promise<Page> {
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

async function shoot(page: Page, name: string, tag: string, fullPage = false) {
  const file = path.join(outDir, `${name}__${tag}.png`);
  await page.screenshot({ path: file, fullPage });
  const covered = await findCoveredControls(page).catch(() => []);
  console.log(file, covered.length ? JSON.stringify(covered) : '');
}

async function discover(page: Page, tag: string) {
  await signUpListener(page, 'shots');
  await page.goto(url('/player'));
  await page.getByRole('button', { name: 'Discover Music' }).click({ timeout: 10_000 });
  const position = page.getByRole('slider', { name: 'Playback position' });
  await position.waitFor({ timeout: 10_000 });
  await page.waitForTimeout(1500);
  await shoot(page, 'discover-blind', tag);
  await page.getByRole('button', { name: 'Skip' }).first().click({ timeout: 5000 });
  await page.getByRole('group', { name: 'Why skip?' }).waitFor({ timeout: 10_000 });
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: /^This moment/ }).click({ timeout: 5000 });
  await page.waitForTimeout(500);
  await shoot(page, 'discover-strip-and-moment', tag);
  await shoot(page, 'discover-strip-and-moment-full', tag, true);
  await page.getByRole('button', { name: 'Intro too long' }).click();
  await page.waitForTimeout(700);
  await shoot(page, 'discover-thanks', tag);
}

/** Ten listeners' notes on the track's own grid: moments peak where the curve still holds. */
function madeUpNotes(hooks: Extract<TrackHooks, { status: 'ready' }>): BlindNotesAggregate {
  const counts = [7, 3, 2, 1, 4, 0];
  const moments = hooks.durationMs
    ? Array.from({ length: HOOKS.curveSteps + 1 }, (_, i) => ({
        positionMs: Math.round(((hooks.durationMs ?? 0) * i) / HOOKS.curveSteps),
        notes: [0, 0, 1, 2, 1, 0, 3, 6, 4, 1, 0, 0, 1, 2, 5, 3, 1, 0, 0, 1, 0][i] ?? 0,
      }))
    : [];
  return {
    listeners: 10,
    reasons: SKIP_REASONS.map((reason, i) => ({ reason, notes: counts[i] ?? 0 })),
    moments,
  };
}

async function hooks(page: Page, tag: string, withNotes: boolean) {
  await page.route('**/api/**', async (route) => {
    if (!matchEntry(hooksEndpoints.trackHooks, route.request())) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as TrackHooks;
    const json =
      body.status === 'ready' ? { ...body, blindNotes: withNotes ? madeUpNotes(body) : null } : body;
    await route.fulfill({ response, json });
  });
  const res = await page.request.post(url(accountsEndpoints.login.path), {
    data: { identifier: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  if (!res.ok()) throw new Error(`login failed: ${await res.text()}`);
  await page.goto(url('/dashboard'));
  await page.getByRole('tab', { name: 'Hooks' }).click({ timeout: 10_000 });
  const section = page.getByRole('heading', { name: 'Blind Notes' });
  await section.waitFor({ timeout: 20_000 });
  await section.scrollIntoViewIfNeeded();
  await page.waitForTimeout(800);
  const name = withNotes ? 'hooks-blind-notes' : 'hooks-blind-notes-below-floor';
  await shoot(page, name, tag);
  if (withNotes) await shoot(page, `${name}-full`, tag, true);
}

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const size of SIZES) {
    for (const theme of ['dark', 'light'] as const) {
      const tag = `${size.name}-${theme}`;
      const parts: [string, (page: Page) => Promise<void>][] = [
        ['discover', (page) => discover(page, tag)],
        ['hooks', (page) => hooks(page, tag, true)],
      ];
      if (theme === 'dark') parts.push(['hooks-null', (page) => hooks(page, tag, false)]);
      for (const [part, run] of parts) {
        const page = await newPage(browser, size, theme);
        try {
          await run(page);
        } catch (error) {
          console.log(`${tag} ${part}: ${(error as Error).message.split('\n')[0]}`);
        }
        await page.context().close();
      }
    }
  }
} finally {
  await browser.close();
}
