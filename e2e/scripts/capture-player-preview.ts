// The landing hero's picture of the player is a real screenshot of /player, taken from a running
// Klang by a new listener mid-track, blind (nothing in it names a track). Rerun it when the
// Discover screen changes:
//   npx tsx e2e/scripts/capture-player-preview.ts http://localhost:3000
import { accountsEndpoints } from '@klang/domain';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const [base = 'http://localhost:3000'] = process.argv.slice(2);
const out = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/public/media/player-preview.webp',
);

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 760 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const suffix = Date.now().toString(36);
  const res = await page.request.fetch(new URL(accountsEndpoints.signupListener.path, base).toString(), {
    method: accountsEndpoints.signupListener.method,
    data: { username: `preview${suffix}`, email: `preview-${suffix}@example.com`, password: 'secret-pass' },
  });
  if (res.status() !== 201) throw new Error(`signup failed: ${await res.text()}`);
  await page.goto(new URL('/player', base).toString());
  await page.getByRole('button', { name: 'Discover Music' }).click();
  await page.getByRole('slider', { name: 'Playback position' }).waitFor();
  // Some seconds in, so the ring shows progress; then paused, so the frame is still.
  await page.waitForTimeout(6000);
  await page.keyboard.press('Space');
  await page.waitForTimeout(400);
  const png = await page.screenshot();
  await sharp(png).resize({ width: 520 }).webp({ quality: 78 }).toFile(out);
  console.log(out);
} finally {
  await browser.close();
}
