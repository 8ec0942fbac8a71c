// Screenshots of the tutor screens as the demo artist (Pro), at desktop and phone widths: the
// empty screen, the conversation panel after one answer, the list, and Abel in its light look:
//   npx tsx e2e/scripts/tutor-screenshots.ts http://localhost:3000 /tmp/shots
import { accountsEndpoints } from '@klang/domain';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const size of [
    { name: 'desktop', width: 1280, height: 800, isMobile: false },
    { name: 'phone', width: 390, height: 844, isMobile: true },
  ]) {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      isMobile: size.isMobile,
    });
    const page = await context.newPage();
    const res = await page.request.fetch(new URL(accountsEndpoints.login.path, base).toString(), {
      method: accountsEndpoints.login.method,
      data: { identifier: 'demo@klang.app', password: 'explore-klang' },
    });
    if (!res.ok()) throw new Error(`login failed: ${await res.text()}`);
    const shot = async (name: string, fullPage = true) => {
      const file = path.join(outDir, `${size.name}_${name}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    };
    await page.goto(new URL('/creator-tools/tutorlab', base).toString());
    await page.waitForLoadState('networkidle');
    await shot('tutorlab');
    await page.getByRole('button', { name: 'How can I create a more interesting bassline?' }).click();
    await page.getByRole('button', { name: 'Send question' }).click();
    await page.getByRole('article', { name: 'Abel’s answer' }).waitFor({ timeout: 60_000 });
    await shot('tutorlab-panel', false);
    await page.getByRole('button', { name: 'Close conversation' }).click();
    await page.waitForTimeout(400);
    await shot('tutorlab-list');
    await page.goto(new URL('/creator-tools/abel', base).toString());
    await page.waitForLoadState('networkidle');
    await shot('abel');
    await page.goto(new URL('/creator-tools/test-voice', base).toString());
    await page.waitForLoadState('networkidle');
    await shot('test-voice');
    await context.close();
  }
} finally {
  await browser.close();
}
