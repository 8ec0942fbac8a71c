// The published chart method (/charts/method) and the FAQ's link to it, at 1280 px and 390 px, in
// the dark and light themes, full page; each shot also lists any control a fixed element covers:
//   npx tsx e2e/scripts/chart-method-screenshots.ts http://localhost:3000 /tmp/chart-method-shots
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { findCoveredControls } from '../support/shell';

const [base = 'http://localhost:3000', outDir = '/tmp/chart-method-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const url = (route: string) => new URL(route, base).toString();

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

async function newPage(browser: Browser, size: (typeof SIZES)[number], theme: 'dark' | 'light') {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
  });
  await context.addInitScript((chosen) => {
    localStorage.setItem('theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
  }, theme);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    console.error(`page error: ${error.message}`);
  });
  return page;
}

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const covered = await findCoveredControls(page);
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file, covered.length ? JSON.stringify(covered) : '');
}

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const size of SIZES) {
    for (const theme of ['dark', 'light'] as const) {
      const page = await newPage(browser, size, theme);
      await page.goto(url('/faq'));
      await page.getByRole('link', { name: /How the charts rank/ }).click();
      await page.getByRole('heading', { name: 'How the charts rank', level: 1 }).waitFor();
      await page.getByText('Blind deals played').waitFor();
      await shot(page, `${size.name}_${theme}_charts-method`);
      await page.context().close();
    }
  }
} finally {
  await browser.close();
}
