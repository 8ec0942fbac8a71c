// The app shell around every signed-in screen, at 1280 px and 390 px, in the dark and light
// themes; each shot also lists any control a fixed element covers (e2e/support/shell.ts):
//   npx tsx e2e/scripts/shell-screenshots.ts http://localhost:3000 /tmp/shell-shots
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, accountsEndpoints, DEMO_ACCOUNT, forumEndpoints, entryUrl } from '@klang/domain';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { findCoveredControls } from '../support/shell';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-shell-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const url = (route: string) => new URL(route, base).toString();

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

async function newPage(browser: Browser, size: (typeof SIZES)[number], theme: 'dark' | 'light') {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
  });
  await context.addInitScript((chosen) => {
    localStorage.setItem('theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
  }, theme);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    console.error(`page error: ${error.message}`);
  });
  return page;
}

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const covered = await findCoveredControls(page);
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(file, covered.length ? JSON.stringify(covered) : '');
}

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const size of SIZES) {
    for (const theme of ['dark', 'light'] as const) {
      const tag = `${size.name}_${theme}`;
      const page = await newPage(browser, size, theme);
      const suffix = `${Date.now().toString(36)}${size.name[0]}${theme[0]}`;
      const res = await page.request.fetch(url(accountsEndpoints.signupListener.path), {
        method: accountsEndpoints.signupListener.method,
        data: { username: `shell${suffix}`, email: `shell-${suffix}@example.com`, password: 'secret-pass' },
      });
      if (res.status() !== 201) throw new Error(`signup failed: ${await res.text()}`);

      await page.goto(url('/player'));
      await shot(page, `${tag}_player-start`);
      await page.getByRole('button', { name: 'Discover Music' }).click();
      await page.getByRole('slider', { name: 'Playback position' }).waitFor();
      await shot(page, `${tag}_player-blind`);
      await page.getByRole('link', { name: 'Charts' }).first().click();
      await shot(page, `${tag}_charts-blind-track`);
      await page.goto(url('/player'));
      await page.getByRole('button', { name: 'Like' }).click();
      const card = page.getByRole('region', { name: 'Revealed track' });
      await card.waitFor();
      await card.getByRole('button', { name: 'Add', exact: true }).click();
      await shot(page, `${tag}_player-revealed`);
      for (const route of ['/charts', '/library', '/profile', '/forum', '/nowhere-at-all']) {
        await page.goto(url(route));
        await shot(page, `${tag}_${route.slice(1)}`);
      }
      await page.goto(url('/profile'));
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('dialog').waitFor();
      await shot(page, `${tag}_settings`);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(ACCOUNT_MESSAGES.profileSaved).first().waitFor();
      await page.waitForTimeout(300);
      await shot(page, `${tag}_settings-toast`);
      await page.keyboard.press('Escape');
      // A toast over a long list: the forum's reply, posted from the post's page.
      const categories = (await (
        await page.request.get(url(entryUrl(forumEndpoints.forumCategories)))
      ).json()) as {
        categories: { id: string }[];
      };
      const created = await page.request.post(url(entryUrl(forumEndpoints.createForumPost)), {
        data: {
          categoryId: categories.categories[0]?.id,
          title: 'Where do you find new music?',
          content: 'Tell me about your week of blind listening.',
          isAnonymous: false,
        },
      });
      const { post } = (await created.json()) as { post: { id: string } };
      await page.goto(url(`/forum/post/${post.id}`));
      await page.getByRole('textbox').first().fill('Discover every morning, charts at night.');
      await page.getByRole('button', { name: 'Post Reply' }).click();
      await page.waitForTimeout(400);
      await shot(page, `${tag}_forum-post-toast`);
      await page.context().close();

      const artist = await newPage(browser, size, theme);
      await artist.request.fetch(url(accountsEndpoints.login.path), {
        method: accountsEndpoints.login.method,
        data: { identifier: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      });
      for (const route of ['/profile', '/creator-tools']) {
        await artist.goto(url(route));
        await shot(artist, `${tag}_artist${route.replace('/', '-')}`);
      }
      await artist.context().close();
    }
  }
} finally {
  await browser.close();
}
