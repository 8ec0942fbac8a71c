// Screenshots of issue 27's account guards, at 1280 px and 390 px, dark and light: the login's
// check after failed sign-ins, the profile's email banner, and the verification landing page.
//   npx tsx e2e/scripts/accounts-guard-screenshots.ts http://localhost:3000 /tmp/shots
// The server needs DEV_MAILBOX=true (the links are read from the local outbox) and its rate
// limits on or off: five failed sign-ins at one account are what bring the check.
import { accountsEndpoints, emailEndpoints } from '@klang/domain';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const url = (route: string) => new URL(route, base).toString();

async function signUp(page: Page, tag: string): Promise<{ email: string; username: string }> {
  const suffix = `${Date.now().toString(36)}${tag}`;
  const account = { username: `guard${suffix}`.slice(0, 30), email: `guard-${suffix}@example.com` };
  const res = await page.request.fetch(url(accountsEndpoints.signupListener.path), {
    method: accountsEndpoints.signupListener.method,
    data: { ...account, password: 'secret-pass' },
  });
  if (res.status() !== 201) throw new Error(`signup failed: ${await res.text()}`);
  return account;
}

async function verificationLink(page: Page, email: string): Promise<string> {
  const response = await page.request.fetch(url(`${emailEndpoints.mailboxEmails.path}?limit=50`), {
    method: emailEndpoints.mailboxEmails.method,
  });
  const emails = (await response.json()) as { to: string; template: string; text: string }[];
  const mail = emails.find((e) => e.to === email && e.template === 'verify-email');
  const link = /https?:\/\/\S+\/verify-email#token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no verification email for ${email}`);
  return new URL(link).pathname + new URL(link).hash;
}

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const theme of ['dark', 'light'] as const) {
    for (const size of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        ...(size.name === 'phone' && { isMobile: true, hasTouch: true }),
      });
      await context.addInitScript((chosen) => {
        localStorage.setItem('theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
      }, theme);
      const prefix = `${size.name}_${theme}`;
      const shot = async (page: Page, name: string) => {
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const file = path.join(outDir, `${prefix}_${name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      };

      const page = await context.newPage();
      const account = await signUp(page, `${size.name[0]}${theme[0]}`);
      await page.goto(url('/profile'));
      await page.getByRole('button', { name: 'Send the link again' }).waitFor();
      await shot(page, 'profile-unverified');
      await page.getByRole('button', { name: 'Send the link again' }).click();
      await page.getByText('We sent a new link').waitFor();
      await shot(page, 'profile-link-sent');

      await page.goto(url('/verify-email#token=not-a-real-token-at-all-000000000000000'));
      await page.getByText('invalid, has expired').waitFor();
      await shot(page, 'verify-email-invalid');
      await page.goto(url(await verificationLink(page, account.email)));
      await page.getByText('Your email address is confirmed').waitFor();
      await shot(page, 'verify-email-done');

      // A stranger's failed sign-ins at this account: the login asks for the check.
      const visitor = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        ...(size.name === 'phone' && { isMobile: true, hasTouch: true }),
      });
      await visitor.addInitScript((chosen) => {
        localStorage.setItem('theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
      }, theme);
      const login = await visitor.newPage();
      await login.goto(url('/login'));
      for (let i = 0; i < 6; i += 1) {
        await login.getByLabel('Email or username').fill(account.username);
        await login.getByLabel('Password').fill(`wrong-${i}`);
        await login.getByRole('button', { name: 'Log In' }).click();
        await login.waitForLoadState('networkidle');
      }
      await login.getByText('Solve the check').first().waitFor();
      await shot(login, 'login-challenge');
      await visitor.close();
      await context.close();
    }
  }
} finally {
  await browser.close();
}
