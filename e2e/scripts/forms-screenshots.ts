// Screenshots of the forms refused on submit (contact, login, the dig dialog, a new forum post) at
// desktop and phone widths, in the dark and the light theme: where the first message lands, and
// whether it is in view (decision 0313's forms).
//   npx tsx e2e/scripts/forms-screenshots.ts http://localhost:3000 /tmp/shots
import { mkdirSync } from 'node:fs';
import { accountsEndpoints } from '@klang/domain';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { SCREEN_SIZES, shooter, themedContext, THEMES } from './screenshot-kit';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
for (const theme of THEMES) {
  for (const size of SCREEN_SIZES) {
    const context = await themedContext(browser, { base, size, theme });
    const page = await context.newPage();
    const shoot = shooter(outDir, size, theme);
    const shot = async (name: string) => {
      // The message's own fade, and the scroll to the field it moved the focus to.
      await page.waitForTimeout(600);
      await shoot(page, name);
    };
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await shot('contact-refused');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In' }).click();
    await shot('login-refused');

    const suffix = `${Date.now().toString(36)}${size.name[0] ?? ''}${theme[0] ?? ''}`;
    const res = await page.request.fetch(accountsEndpoints.signupListener.path, {
      method: accountsEndpoints.signupListener.method,
      data: {
        username: `tour${suffix}`.slice(0, 30),
        email: `tour-${suffix}@example.com`,
        password: 'secret-pass',
      },
    });
    if (res.status() !== 201) throw new Error(await res.text());
    await page.goto('/player');
    await page.getByRole('button', { name: 'Filters' }).click();
    const dig = page.getByRole('dialog', { name: 'Dig the blind deck' });
    await dig.getByLabel('From BPM').fill('130');
    await dig.getByLabel('To BPM').fill('118');
    await dig.getByRole('button', { name: 'Deal matching tracks' }).click();
    await shot('dig-refused');
    await page.keyboard.press('Escape');
    await page.goto('/forum');
    await page
      .getByRole('button', { name: /new post/i })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create Post' }).click();
    await shot('forum-post-refused');
    await context.close();
  }
}
await browser.close();
