// Screenshots of Discover (start with the introduction, playing, mid-swipe, revealed) at desktop
// and phone widths, in the dark and the light theme, after a real journey of a new listener:
//   npx tsx e2e/scripts/discover-screenshots.ts http://localhost:3000 /tmp/shots
import { accountsEndpoints } from '@klang/domain';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;

/** Holds the deck card 90 px to the right, as a finger (or the mouse) would mid-swipe. */
async function holdMidSwipe(page: Page, touch: boolean): Promise<() => Promise<void>> {
  const ring = await page.getByRole('slider', { name: 'Playback position' }).boundingBox();
  if (!ring) throw new Error('no ring');
  const from = { x: ring.x + ring.width / 2, y: ring.y + ring.height / 2 };
  if (!touch) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 90, from.y + 6, { steps: 8 });
    return async () => {
      await page.mouse.move(from.x, from.y, { steps: 4 });
      await page.mouse.up();
    };
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= 8; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + step * 11, y: from.y + step }],
    });
  }
  return async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [from] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  };
}

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const theme of ['dark', 'light'] as const) {
    for (const size of SIZES) {
      const context = await browser.newContext({
        viewport: size.viewport,
        isMobile: size.touch,
        hasTouch: size.touch,
      });
      await context.addInitScript((value) => {
        localStorage.setItem('theme', JSON.stringify({ state: { theme: value }, version: 0 }));
      }, theme);
      const page = await context.newPage();
      const suffix = `${Date.now().toString(36)}${size.name[0] ?? ''}${theme[0] ?? ''}`;
      const res = await page.request.fetch(new URL(accountsEndpoints.signupListener.path, base).toString(), {
        method: accountsEndpoints.signupListener.method,
        data: {
          username: `shots${suffix}`.slice(0, 30),
          email: `shots-${suffix}@example.com`,
          password: 'secret-pass',
        },
      });
      if (res.status() !== 201) throw new Error(`signup failed: ${await res.text()}`);
      const shot = async (name: string) => {
        const file = path.join(outDir, `discover_${size.name}_${theme}_${name}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      };

      await page.goto(new URL('/player', base).toString());
      await page.getByRole('button', { name: 'Discover Music' }).waitFor();
      await page.waitForTimeout(800);
      await shot('1-intro');

      await page.getByRole('button', { name: 'Discover Music' }).click();
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      await page.waitForTimeout(2500);
      await shot('2-playing');

      const release = await holdMidSwipe(page, size.touch);
      await page.waitForTimeout(150);
      await shot('3-swipe');
      await release();
      await page.waitForTimeout(400);

      await page.getByRole('button', { name: 'Like' }).click();
      await page.getByRole('region', { name: 'Revealed track' }).waitFor();
      await page.waitForTimeout(1400);
      await shot('4-revealed');
      await context.close();
    }
  }
} finally {
  await browser.close();
}
