// Screenshots of screens at desktop and phone widths, for looking at what we built:
//   npx tsx e2e/scripts/screenshots.ts http://localhost:3000 /tmp/shots / /faq /terms
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-shots', ...routes] = process.argv.slice(2);
const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const size of widths) {
    const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
    for (const route of routes.length > 0 ? routes : ['/']) {
      await page.goto(new URL(route, base).toString());
      await page.waitForLoadState('networkidle');
      const file = path.join(outDir, `${size.name}${route.replaceAll('/', '_') || '_'}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
