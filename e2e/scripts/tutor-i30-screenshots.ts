// Screenshots of the tutor's topic buttons (issue 30), at 1280 and 390 px, dark and light, as the
// demo artist: a question the notes do not cover, the topics offered as buttons, and the answer
// one of them asks for.
//   npx tsx e2e/scripts/tutor-i30-screenshots.ts http://localhost:3000 /tmp/shots
import { accountsEndpoints, TUTOR_MESSAGES } from '@klang/domain';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
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
      }, theme);
      const page = await context.newPage();
      const shot = async (name: string) => {
        const file = path.join(outDir, `${theme}_${size.name}_${name}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      };
      const res = await page.request.fetch(url(accountsEndpoints.login.path), {
        method: accountsEndpoints.login.method,
        data: { identifier: 'demo@klang.app', password: 'explore-klang' },
      });
      if (!res.ok()) throw new Error(`login failed: ${await res.text()}`);
      await page.goto(url('/creator-tools/tutorlab'));
      await page.waitForLoadState('networkidle');
      const ask = page.getByRole('textbox').first();
      await ask.fill('What is the capital of Mongolia?');
      await ask.press('Enter');
      const topics = page.getByRole('list', { name: TUTOR_MESSAGES.suggestedTopics });
      await topics.waitFor({ timeout: 30_000 });
      await shot('tutor-topics-offered');
      await topics.getByRole('button').first().click();
      await page.getByText('Here is how I would approach').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      await shot('tutor-topic-asked');
      await context.close();
    }
  }
} finally {
  await browser.close();
}
