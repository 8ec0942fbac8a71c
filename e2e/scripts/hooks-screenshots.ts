// Screenshots of the artist dashboard's Hooks tab (issue 19 item 5) as the demo artist, at desktop
// and phone widths, in the dark and the light theme:
//   npx tsx e2e/scripts/hooks-screenshots.ts http://localhost:3000 /tmp/shots
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { accountsEndpoints, DEMO_ACCOUNT } from '@klang/domain';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const size of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    for (const theme of ['dark', 'light'] as const) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
      });
      const page = await context.newPage();
      const login = await page.request.fetch(new URL(accountsEndpoints.login.path, base).toString(), {
        method: accountsEndpoints.login.method,
        data: { identifier: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      });
      if (!login.ok()) throw new Error(`login failed: ${await login.text()}`);
      await page.goto(new URL('/dashboard', base).toString());
      await page.evaluate((t) => {
        document.documentElement.setAttribute('data-theme', t);
      }, theme);
      await page.getByRole('tab', { name: 'Hooks' }).click();
      await page.getByText(/Based on \d+ blind listeners|Not enough listeners yet/).waitFor();
      await page.waitForTimeout(500);
      const shot = async (name: string) => {
        const file = path.join(outDir, `hooks_${size.name}_${theme}_${name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      };
      await shot('report');
      await page.getByText('Show the numbers as tables').click();
      await shot('tables');
      // The last track in the list is the newest and quietest: its empty state, if it has one.
      await page.getByRole('combobox', { name: 'Track' }).click();
      await page.getByRole('option').last().click();
      await page.getByText(/Based on \d+ blind listeners|Not enough listeners yet/).waitFor();
      await shot('last-track');
      await context.close();
    }
  }
} finally {
  await browser.close();
}
