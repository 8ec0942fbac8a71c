// Screenshots of the Kit screens issue 20 changed, at 1280 and 390 px, dark and light, as the
// demo artist (Pro) and a new free artist:
//   npx tsx e2e/scripts/kit-i20-screenshots.ts http://localhost:3000 /tmp/shots
import { accountsEndpoints } from '@klang/domain';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const url = (route: string) => new URL(route, base).toString();

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const theme of ['dark', 'light'] as const) {
    for (const size of [
      { name: '1280', width: 1280, height: 800 },
      { name: '390', width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      await context.addInitScript((chosen) => {
        localStorage.setItem('theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
        // No microphone on this machine, as on the issue's.
        navigator.mediaDevices.getUserMedia = () =>
          Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
      }, theme);
      const page = await context.newPage();
      const shot = async (name: string) => {
        const file = path.join(outDir, `${theme}_${size.name}_${name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      };
      const res = await page.request.fetch(url(accountsEndpoints.login.path), {
        method: accountsEndpoints.login.method,
        data: { identifier: 'demo@klang.app', password: 'explore-klang' },
      });
      if (!res.ok()) throw new Error(`login failed: ${await res.text()}`);
      await visit(page, '/creator-tools');
      await shot('hub');

      await visit(page, '/creator-tools/soundlab');
      await page.getByRole('button', { name: /^Pad 6: / }).waitFor();
      await shot('soundlab');

      await visit(page, '/creator-tools/vocallab');
      await page.getByRole('button', { name: 'Sing' }).click();
      await page.getByLabel('Text or lyrics').fill('Hold on to the night\nWe dance until the light');
      await page.getByRole('button', { name: 'Generate' }).click();
      await page
        .getByRole('button', { name: 'Play' })
        .and(page.locator(':enabled'))
        .waitFor({ timeout: 60_000 });
      await page.getByLabel('Position in the vocal').waitFor();
      await page.waitForTimeout(500);
      await shot('vocallab-sung');

      await visit(page, '/creator-tools/test-voice');
      await page.getByRole('button', { name: 'Start talking' }).click();
      await page.getByRole('alert').waitFor();
      await shot('talk-to-abel-no-mic');

      await visit(page, '/creator-tools/tutorlab');
      const ask = page.getByRole('textbox').first();
      await ask.fill('Should I sign a 360 deal?');
      await ask.press('Enter');
      await page.getByText('outside what I know').first().waitFor({ timeout: 30_000 });
      await shot('tutor-decline');
      await context.close();
    }
  }
} finally {
  await browser.close();
}

async function visit(page: Page, route: string) {
  await page.goto(url(route));
  await page.waitForLoadState('networkidle');
}
