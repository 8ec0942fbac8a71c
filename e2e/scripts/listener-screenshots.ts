// Screenshots of the listener's signed-in screens after a real journey (a new listener likes,
// follows and adds to the library in Discover), at desktop and phone widths:
//   npx tsx e2e/scripts/listener-screenshots.ts http://localhost:3000 /tmp/shots
import { accountsEndpoints } from '@klang/domain';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

async function likeInDiscover(page: Page, times: number) {
  await page.goto(new URL('/player', base).toString());
  await page.getByRole('button', { name: 'Discover Music' }).click();
  for (let i = 0; i < times; i++) {
    await page.getByRole('button', { name: 'Like' }).click();
    const card = page.getByRole('region', { name: 'Revealed track' });
    await card.waitFor();
    if (i === 0) {
      await card.getByRole('button', { name: 'Follow' }).click();
      await card.getByRole('button', { name: 'Following' }).waitFor();
    }
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await card.getByRole('button', { name: 'Added' }).waitFor();
    await card.getByRole('button', { name: 'Next' }).click();
    await card.waitFor({ state: 'detached' });
  }
}

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    const suffix = `${Date.now().toString(36)}${size.name}`;
    const res = await page.request.fetch(new URL(accountsEndpoints.signupListener.path, base).toString(), {
      method: accountsEndpoints.signupListener.method,
      data: {
        username: `shots${suffix}`.slice(0, 30),
        email: `shots-${suffix}@example.com`,
        password: 'secret-pass',
      },
    });
    if (res.status() !== 201) throw new Error(`signup failed: ${await res.text()}`);
    await likeInDiscover(page, 3);
    const shot = async (name: string) => {
      await page.waitForLoadState('networkidle');
      const file = path.join(outDir, `${size.name}_${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    };
    for (const route of ['/charts', '/library', '/profile']) {
      await page.goto(new URL(route, base).toString());
      await shot(route.slice(1));
    }
    await page.getByRole('button', { name: 'Loyalty Card' }).click();
    await page.getByRole('dialog').waitFor();
    await shot('loyalty-card');
    await page.keyboard.press('Escape');
    const firstFollowed = page.getByRole('region', { name: 'Artists you follow' }).getByRole('link').first();
    await firstFollowed.click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Images decode after network idle; give them a moment so the shot shows them.
    await page.waitForTimeout(1000);
    await shot('artist');
    await context.close();
  }
} finally {
  await browser.close();
}
