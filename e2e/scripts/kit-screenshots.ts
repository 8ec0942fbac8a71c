// Screenshots of the Klang Kit as the demo artist (Pro), at desktop and phone widths, with
// SoundLab in edit mode after one generation:
//   npx tsx e2e/scripts/kit-screenshots.ts http://localhost:3000 /tmp/shots
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
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    const res = await page.request.fetch(new URL(accountsEndpoints.login.path, base).toString(), {
      method: accountsEndpoints.login.method,
      data: { identifier: 'demo@klang.app', password: 'explore-klang' },
    });
    if (!res.ok()) throw new Error(`login failed: ${await res.text()}`);
    const shot = async (name: string) => {
      const file = path.join(outDir, `${size.name}_${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    };
    for (const route of ['/creator-tools', '/creator-tools/vocallab', '/creator-tools/soundlab']) {
      await page.goto(new URL(route, base).toString());
      await page.waitForLoadState('networkidle');
      await shot(route.split('/').at(-1) ?? 'hub');
    }
    await page.getByRole('button', { name: 'edit' }).click();
    await page.getByRole('button', { name: /^Pad 6:/ }).click();
    await page.getByLabel('Sound description').fill('short dark kick');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('button', { name: /^add / }).nth(3).waitFor();
    await shot('soundlab-edit');
    await context.close();
  }
} finally {
  await browser.close();
}
