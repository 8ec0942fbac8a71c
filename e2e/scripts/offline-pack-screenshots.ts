// The offline pack (issue 32 item 3) at 1280 × 800 and 390 × 844, dark and light: Discover with
// its "Offline pack" control, the pack's dialog saved, Discover playing the pack with the network
// cut, a like waiting for its reveal, the pack played through, and the "back online" card.
//   npx tsx e2e/scripts/offline-pack-screenshots.ts http://localhost:3000 /tmp/klang-offline-pack
// Needs the built app with its service worker (npm run build; the server serves web/dist).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { signUpListener } from '../support/listener';
import { findCoveredControls } from '../support/shell';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-offline-pack'] = process.argv.slice(2);
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
    serviceWorkers: 'allow',
  });
  await context.addInitScript((chosen) => {
    localStorage.setItem('theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
  }, theme);
  return context.newPage();
}

async function shoot(page: Page, name: string, tag: string) {
  const file = path.join(outDir, `${name}__${tag}.png`);
  await page.screenshot({ path: file });
  const covered = await findCoveredControls(page).catch(() => []);
  console.log(file, covered.length ? JSON.stringify(covered) : '');
}

async function journey(page: Page, tag: string) {
  await signUpListener(page, 'pack');
  await page.goto(url('/player'));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Offline pack' }).waitFor({ timeout: 10_000 });
  await page.waitForTimeout(800);
  await shoot(page, 'start-online', tag);
  await page.getByRole('button', { name: 'Offline pack' }).click();
  const dialog = page.getByRole('dialog', { name: 'Offline pack' });
  await dialog.getByRole('button', { name: '5 tracks' }).click();
  await page.waitForTimeout(400);
  await shoot(page, 'dialog-empty', tag);
  await dialog.getByRole('button', { name: 'Save pack' }).click();
  await dialog.getByTestId('offline-pack-status').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(600);
  await shoot(page, 'dialog-saved', tag);
  await page.keyboard.press('Escape');

  await page.context().setOffline(true);
  await page.reload();
  await page.getByText("You're offline: playing your offline pack").waitFor({ timeout: 20_000 });
  await page.waitForTimeout(800);
  await shoot(page, 'start-offline', tag);
  await page.getByRole('button', { name: 'Discover Music' }).click();
  await page.getByRole('slider', { name: 'Playback position' }).waitFor({ timeout: 10_000 });
  await page.waitForTimeout(1500);
  await shoot(page, 'playing-offline', tag);
  await page.getByRole('button', { name: 'Like' }).click();
  await page.getByRole('region', { name: 'Liked offline' }).waitFor({ timeout: 5_000 });
  await page.waitForTimeout(800);
  await shoot(page, 'liked-offline', tag);
  await page.getByRole('button', { name: 'Next' }).click();
  for (let i = 0; i < 4; i++) {
    await page.getByRole('button', { name: 'Skip' }).click({ timeout: 5_000 });
    await page.waitForTimeout(600);
  }
  await page.waitForTimeout(800);
  await shoot(page, 'pack-played', tag);

  await page.context().setOffline(false);
  await page.getByRole('region', { name: /^Back online/ }).waitFor({ timeout: 20_000 });
  await page.waitForTimeout(1000);
  await shoot(page, 'back-online', tag);
}

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const size of SIZES) {
    for (const theme of ['dark', 'light'] as const) {
      const tag = `${size.name}-${theme}`;
      const page = await newPage(browser, size, theme);
      try {
        await journey(page, tag);
      } catch (error) {
        console.log(`${tag}: ${(error as Error).message.split('\n')[0]}`);
      }
      await page.context().close();
    }
  }
} finally {
  await browser.close();
}
