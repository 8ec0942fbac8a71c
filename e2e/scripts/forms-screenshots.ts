// Screenshots of the forms refused on submit (contact, login, the dig dialog, a new forum post) at
// desktop and phone widths, in the dark and the light theme: where the first message lands, and
// whether it is in view (decision 0313's forms).
//   npx tsx e2e/scripts/forms-screenshots.ts http://localhost:3000 /tmp/shots
import { mkdirSync } from 'node:fs';
import { accountsEndpoints } from '@klang/domain';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
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
    const shot = async (name: string) => {
      await page.waitForTimeout(600);
      await page.screenshot({ path: path.join(outDir, `${name}_${size.name}_${theme}.png`) });
    };
    // Contact form, submitted empty.
    await page.goto(new URL('/contact', base).toString());
    await page.getByRole('button', { name: /send/i }).first().click();
    await shot('contact-errors');
    // Login form with wrong input.
    await page.goto(new URL('/login', base).toString());
    await page
      .getByRole('button', { name: /log in/i })
      .first()
      .click();
    await shot('login-errors');
    const suffix = `${Date.now().toString(36)}${size.name[0] ?? ''}${theme[0] ?? ''}`;
    const res = await page.request.fetch(new URL(accountsEndpoints.signupListener.path, base).toString(), {
      method: accountsEndpoints.signupListener.method,
      data: {
        username: `tour${suffix}`.slice(0, 30),
        email: `tour-${suffix}@example.com`,
        password: 'secret-pass',
      },
    });
    if (res.status() !== 201) throw new Error(await res.text());
    await page.goto(new URL('/player', base).toString());
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dig the blind deck' });
    await dialog.getByLabel('From BPM').fill('130');
    await dialog.getByLabel('To BPM').fill('118');
    await dialog.getByRole('button', { name: 'Deal matching tracks' }).click();
    await shot('dig-refused');
    await page.keyboard.press('Escape');
    await page.goto(new URL('/forum', base).toString());
    await page
      .getByRole('button', { name: /new post/i })
      .first()
      .click();
    await page.waitForTimeout(300);
    const post = page.getByRole('dialog');
    await post
      .getByRole('button', { name: /post|publish|create/i })
      .last()
      .click();
    await shot('forum-new-post-errors');
    await page.keyboard.press('Escape');
    await context.close();
  }
}
await browser.close();
