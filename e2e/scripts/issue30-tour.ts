// The screens issue 30 lists, at 1280 × 800 and 390 × 844, dark and light, as a signed-out
// visitor, a new listener and the demo artist. It drives only URLs, the API's sign-in and the
// controls' names, so the same tour runs against an older build for a before-and-after:
//   npx tsx e2e/scripts/issue30-tour.ts http://localhost:3000 /tmp/i30-after
// Each shot is what the window shows (not the whole page), with any control a fixed element
// covers listed beside its file name (e2e/support/shell.ts).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { accountsEndpoints, DEMO_ACCOUNT } from '@klang/domain';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { hearEverything, signUpListener } from '../support/listener';
import { findCoveredControls } from '../support/shell';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-i30-tour'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const url = (route: string) => new URL(route, base).toString();

const SIZES = [
  { name: 'desk', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
type Size = (typeof SIZES)[number];
type Theme = 'dark' | 'light';

async function newPage(browser: Browser, size: Size, theme: Theme): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
  });
  await context.addInitScript((chosen) => {
    localStorage.setItem('theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
    // No microphone on this machine.
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
  }, theme);
  return context.newPage();
}

/** One screen: a failed step is reported and the tour goes on, so an older build still yields its shots. */
async function screen(page: Page, tag: string, name: string, steps: () => Promise<void>) {
  try {
    await steps();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(600);
  } catch (error) {
    console.log(`${tag}_${name}: step failed: ${(error as Error).message.split('\n')[0]}`);
  }
  const file = path.join(outDir, `${name}__${tag}.png`);
  // The shot first: the check scrolls each control into view, side-scrolling rows included.
  await page.screenshot({ path: file });
  const covered = await findCoveredControls(page).catch(() => []);
  console.log(file, covered.length ? JSON.stringify(covered) : '');
}

const go = (page: Page, route: string) => page.goto(url(route)).then(() => undefined);

async function visitor(page: Page, tag: string) {
  await screen(page, tag, 'landing', () => go(page, '/'));
  await screen(page, tag, 'account-type', () => go(page, '/account-type'));
  await screen(page, tag, 'interest-artist', async () => {
    await go(page, '/register-interest');
    await page.getByText('Artist', { exact: true }).first().click({ timeout: 5000 });
  });
  await screen(page, tag, 'reset-invalid', () => go(page, '/reset-password#token=not-a-real-token'));
}

async function listener(page: Page, tag: string) {
  await signUpListener(page, 'tour');
  await screen(page, tag, 'discover-playing', async () => {
    await go(page, '/player');
    await page.getByRole('button', { name: 'Discover Music' }).click({ timeout: 10_000 });
    await page.getByRole('slider', { name: 'Playback position' }).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1500);
  });
  await screen(page, tag, 'discover-after-skip', async () => {
    await page.getByRole('button', { name: 'Skip' }).first().click({ timeout: 5000 });
    await page.waitForTimeout(300);
  });
  await screen(page, tag, 'library-with-player', async () => {
    await page.getByRole('link', { name: 'Library' }).first().click({ timeout: 5000 });
  });
  await screen(page, tag, 'charts', async () => {
    await page.getByRole('link', { name: 'Charts' }).first().click({ timeout: 5000 });
  });
  await screen(page, tag, 'charts-scrolled', async () => {
    await page.mouse.wheel(0, 700);
  });
  await screen(page, tag, 'charts-method', async () => {
    await go(page, '/charts/method');
  });
  await screen(page, tag, 'dashboard-as-listener', () => go(page, '/dashboard'));
  await screen(page, tag, 'settings-subscription', async () => {
    await go(page, '/profile');
    await page.getByRole('button', { name: 'Settings' }).click({ timeout: 10_000 });
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').getByRole('tab', { name: 'Subscription' }).click({ timeout: 5000 });
  });
  await screen(page, tag, 'forum-empty-search', async () => {
    await go(page, '/forum');
    await page
      .getByRole('searchbox')
      .or(page.getByPlaceholder(/search/i))
      .first()
      .fill('zzqx nothing here');
    await page.keyboard.press('Enter');
  });
  await screen(page, tag, 'forum', () => go(page, '/forum'));
}

/** A new listener who has heard every featured track: Discover's end state. */
async function finisher(page: Page, tag: string) {
  await signUpListener(page, 'tour');
  await screen(page, tag, 'discover-end', async () => {
    await hearEverything(page);
    await go(page, '/player');
    await page.getByRole('button', { name: 'Discover Music' }).click({ timeout: 10_000 });
    await page.waitForTimeout(1500);
  });
}

async function artist(page: Page, tag: string) {
  const res = await page.request.post(url(accountsEndpoints.login.path), {
    data: { identifier: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  if (!res.ok()) throw new Error(`login failed: ${await res.text()}`);
  await screen(page, tag, 'dashboard-artist', () => go(page, '/dashboard'));
  await screen(page, tag, 'dashboard-performance', async () => {
    await page.getByRole('tab', { name: 'Performance' }).click({ timeout: 5000 });
    await page.waitForTimeout(1000);
  });
  await screen(page, tag, 'voice-agent', async () => {
    await go(page, '/creator-tools/abel');
    await page
      .getByRole('button', { name: /start|talk|call/i })
      .first()
      .click({ timeout: 5000 });
    await page.waitForTimeout(2500);
  });
  await screen(page, tag, 'soundlab', async () => {
    await go(page, '/creator-tools/soundlab');
    await page.getByRole('button', { name: /^Pad 6/ }).click({ timeout: 10_000 });
  });
  await screen(page, tag, 'vocallab', () => go(page, '/creator-tools/vocallab'));
  await screen(page, tag, 'packs', () => go(page, '/creator-tools/klang-pack'));
  await screen(page, tag, 'tutor-answer', async () => {
    await go(page, '/creator-tools/tutorlab');
    const box = page.getByRole('textbox').last();
    await box.fill('How do I make my kick and bass sit together in a techno track?', { timeout: 10_000 });
    await box.press('Enter');
    await page.waitForTimeout(4000);
  });
}

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const size of SIZES) {
    for (const theme of ['dark', 'light'] as const) {
      const tag = `${size.name}-${theme}`;
      // ROLES=finisher,artist runs only those parts of the tour.
      const only = process.env.ROLES?.split(',');
      for (const role of [visitor, listener, finisher, artist].filter(
        (r) => !only || only.includes(r.name),
      )) {
        const page = await newPage(browser, size, theme);
        try {
          await role(page, tag);
        } catch (error) {
          console.log(`${tag} ${role.name}: ${(error as Error).message.split('\n')[0]}`);
        }
        await page.context().close();
      }
    }
  }
} finally {
  await browser.close();
}
