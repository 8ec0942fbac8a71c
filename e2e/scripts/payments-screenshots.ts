// Screenshots of the payments screens at desktop and phone widths: the local checkout page, the
// signup completion, /welcome, the Settings Subscription tab, the local billing page, and a free
// artist's upgrade modal and return banner:
//   npx tsx e2e/scripts/payments-screenshots.ts http://localhost:3000 /tmp/shots
import { accountsEndpoints } from '@klang/domain';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const url = (route: string) => new URL(route, base).toString();

async function pay(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Start trial' }).click();
}

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    const suffix = `${size.name}${Date.now().toString(36)}`;
    const shot = async (page: Page, name: string) => {
      const file = path.join(outDir, `${size.name}_${name}.png`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    };

    // A visitor pays, then completes the artist profile.
    const visitor = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const page = await visitor.newPage();
    await page.goto(url('/artist-subscription'));
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.waitForURL(/\/payments\/local\/checkout\//);
    await shot(page, 'checkout');
    await pay(page);
    await page.waitForURL(/\/signup\/artist\?checkout=success/);
    await page.getByRole('heading', { name: 'Complete Your Artist Profile' }).waitFor();
    await shot(page, 'signup-complete');
    await page.getByLabel('Username').fill(`pro${suffix}`);
    await page.getByLabel('Artist name').fill('Night Shift');
    await page.getByLabel('Bio').fill('Warehouse grooves.');
    await page.getByLabel('Email').fill(`pro-${suffix}@example.com`);
    await page.getByLabel('Password').fill('first-pass-1');
    await page.getByRole('button', { name: 'Complete Setup & Activate' }).click();
    await page.waitForURL(/\/profile$/);
    await page.goto(url('/welcome'));
    await page.getByText('Active').first().waitFor();
    await shot(page, 'welcome');
    await page.goto(url('/profile'));
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await page.getByText('Free trial').waitFor();
    await shot(page, 'settings-subscription');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await shot(page, 'settings-cancel-confirm');
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
    await shot(page, 'settings-cancelled');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(/\/payments\/local\/billing/);
    await shot(page, 'billing-local');
    await visitor.close();

    // A free artist upgrades from the profile.
    const free = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const artist = await free.newPage();
    const res = await artist.request.fetch(url(accountsEndpoints.signupArtist.path), {
      method: accountsEndpoints.signupArtist.method,
      data: {
        username: `free${suffix}`,
        email: `free-${suffix}@example.com`,
        password: 'first-pass-1',
        artistName: 'Free Artist',
        bio: 'New here',
      },
    });
    if (!res.ok()) throw new Error(`signup failed: ${await res.text()}`);
    await artist.goto(url('/profile'));
    await artist.getByRole('button', { name: 'Upgrade to Artist Pro' }).click();
    await artist.getByRole('dialog').waitFor();
    await shot(artist, 'upgrade-modal');
    await artist.getByRole('dialog').getByRole('button', { name: 'Start Free Trial' }).click();
    await artist.waitForURL(/\/payments\/local\/checkout\//);
    await pay(artist);
    await artist.waitForURL(/\/profile\?upgrade=success/);
    await artist.getByText('Upgrade Successful!').waitFor();
    await shot(artist, 'upgrade-successful');
    await artist.goto(url('/profile?upgrade=cancelled'));
    await artist.getByText('Upgrade Cancelled').waitFor();
    await shot(artist, 'upgrade-cancelled');
    await free.close();
  }
} finally {
  await browser.close();
}
