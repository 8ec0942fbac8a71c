import { ACCOUNT_MESSAGES, DEMO_ACCOUNT, emailEndpoints } from '@klang/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** Unique per test and per project: desktop and phone both run every journey on one database. */
function newUser(prefix: string) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `${prefix}${suffix}`,
    email: `${prefix}-${suffix}@example.com`,
    password: 'first-pass-1',
  };
}

async function signUpListener(page: Page, user: ReturnType<typeof newUser>) {
  await page.goto('/signup/listener');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Start Listening' }).click();
  await expect(page).toHaveURL(/\/player$/);
}

async function logIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

async function openSettings(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
}

async function signOutFromSettings(page: Page) {
  await openSettings(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.fetch(`${emailEndpoints.mailboxEmails.path}?limit=50`, {
    method: emailEndpoints.mailboxEmails.method,
  });
  const emails = (await response.json()) as { to: string; template: string; text: string }[];
  const mail = emails.find((e) => e.to === email && e.template === 'password-reset');
  const link = /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no reset email for ${email}`);
  return new URL(link).pathname + new URL(link).hash;
}

test('listener signup lands on the player, signed in', async ({ page, screens }) => {
  await screens.visit('/signup/listener');
  await page.getByRole('button', { name: 'Start Listening' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.usernameRequired)).toBeVisible();
  await expect(page.getByText(ACCOUNT_MESSAGES.emailRequired)).toBeVisible();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordRequired)).toBeVisible();
  await screens.check('listener signup with errors');
  await signUpListener(page, newUser('lis'));
  // A reload restores the session from the server's cookie.
  await page.reload();
  await expect(page).toHaveURL(/\/player$/);
});

test('artist signup lands on the first upload and sends the welcome email', async ({
  page,
  screens,
  request,
}) => {
  const user = newUser('art');
  await screens.visit('/signup/artist');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Artist name').fill('Night Shift');
  await page.getByLabel('Bio').fill('Warehouse grooves.');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Artist Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Start with your music' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload your first track' })).toBeVisible();
  await screens.check('artist first steps');
  const emails = (await (
    await request.fetch(emailEndpoints.mailboxEmails.path, { method: emailEndpoints.mailboxEmails.method })
  ).json()) as { to: string; template: string }[];
  expect(emails.some((e) => e.to === user.email && e.template === 'welcome')).toBe(true);
  await screens.visit('/profile');
  await expect(page.getByRole('heading', { name: 'Night Shift' })).toBeVisible();
});

test('login by username, and a wrong password is refused', async ({ page, context, screens }) => {
  const user = newUser('log');
  await signUpListener(page, user);
  await context.clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
  });
  await screens.visit('/login');
  await logIn(page, user.username, 'not-the-password');
  await expect(page.getByText(ACCOUNT_MESSAGES.invalidCredentials)).toBeVisible();
  await screens.check('login with a wrong password');
  await logIn(page, user.username, user.password);
  await expect(page).toHaveURL(/\/player$/);
});

test('forgot password through the mailbox link', async ({ page, context, request, screens }) => {
  const user = newUser('rst');
  await signUpListener(page, user);
  await context.clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByRole('dialog').getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.resetEmailSent)).toBeVisible();
  await screens.check('reset email sent');
  await screens.visit(await resetLinkFor(request, user.email));
  await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordsDoNotMatch)).toBeVisible();
  await page.getByLabel('Confirm new password').fill('second-pass-2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordResetDone)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  await logIn(page, user.email, 'second-pass-2');
  await expect(page).toHaveURL(/\/player$/);
});

test('a reset link that no longer works offers a new one, and the way back to log in', async ({
  page,
  request,
  screens,
}) => {
  const user = newUser('stale');
  await signUpListener(page, user);
  await page.context().clearCookies();
  await screens.visit('/reset-password#token=this-link-was-never-sent-by-klang');
  await expect(page.getByText(ACCOUNT_MESSAGES.resetLinkInvalid)).toBeVisible();
  await page.getByRole('button', { name: 'Send me a new link' }).click();
  await page.getByRole('dialog').getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.resetEmailSent)).toBeVisible();
  await screens.check('a new reset link sent from a stale one');
  // The new link works.
  await screens.visit(await resetLinkFor(request, user.email));
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await page.goto('/reset-password');
  await page.getByRole('button', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('change password in settings, then log in with it', async ({ page, screens }) => {
  const user = newUser('chg');
  await signUpListener(page, user);
  await openSettings(page);
  await screens.check('settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('changed-pass-3');
  await page.getByLabel('Confirm new password').fill('changed-pass-3');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordUpdated).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await signOutFromSettings(page);
  await logIn(page, user.email, 'changed-pass-3');
  await expect(page).toHaveURL(/\/player$/);
});

test('profile photo with crop, then delete the account', async ({ page, screens }) => {
  const user = newUser('del');
  await signUpListener(page, user);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Account' }).click();
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 400;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#ff383a';
      context.fillRect(0, 0, 600, 400);
      context.fillStyle = '#8b5cf6';
      context.fillRect(150, 50, 300, 300);
    }
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  await page.getByLabel('Choose a profile image').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });
  await expect(page.getByRole('slider')).toBeVisible();
  await page.getByRole('slider').press('ArrowRight');
  await screens.check('photo crop');
  await page.getByRole('button', { name: 'Save Photo' }).click();
  // The toast and its live-region announcement both carry the text.
  await expect(page.getByText(ACCOUNT_MESSAGES.profileImageUpdated).first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your profile' })).toBeVisible();

  const confirm = page.getByLabel('Confirmation');
  await confirm.fill('delete my account');
  await expect(page.getByRole('button', { name: 'Delete My Account' })).toBeDisabled();
  await confirm.fill(ACCOUNT_MESSAGES.deleteConfirmation);
  await page.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, user.email, user.password);
  await expect(page.getByText(ACCOUNT_MESSAGES.invalidCredentials)).toBeVisible();
});

test('demo login, and a refused demo action', async ({ page, screens }) => {
  await screens.visit('/demo-login');
  await expect(page.getByText(DEMO_ACCOUNT.email)).toBeVisible();
  await page.getByRole('button', { name: 'Explore Klang' }).click();
  await screens.check('explore dialog');
  await page.getByRole('button', { name: 'Start Exploring' }).click();
  await expect(page).toHaveURL(/\/player$/);
  await openSettings(page);
  await page.getByLabel('Bio').fill('Taken over');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const popup = page.getByRole('dialog', { name: 'Demo mode' });
  await expect(popup).toContainText(ACCOUNT_MESSAGES.demoProfileEdit);
  await expect(popup.getByRole('link', { name: 'Create Account' })).toBeVisible();
  await screens.check('demo restriction popup');
  await popup.getByRole('button', { name: 'Continue in Demo' }).click();
  await expect(popup).toBeHidden();
});
