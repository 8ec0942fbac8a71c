import { accountsEndpoints, INVITES_PER_LISTENER } from '@klang/domain';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** Unique per test and per project: desktop and phone both run every journey on one database. */
function newUser(prefix: string) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `${prefix}${suffix}`,
    email: `${prefix}-${suffix}@example.com`,
    password: 'door-pass-1',
  };
}

async function fillListenerSignup(page: Page, user: ReturnType<typeof newUser>) {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Start Listening' }).click();
  await expect(page).toHaveURL(/\/player$/);
}

test('a visitor reaches a working listener account from the landing page in three steps', async ({
  page,
  screens,
}) => {
  const user = newUser('door');
  // 1: the landing page's Launch App (it appears when the tagline is typed).
  await screens.visit('/');
  await page.getByRole('link', { name: 'Launch App' }).click();
  // 2: the account type keeps the listener waitlist card and offers the account that works today.
  await expect(page).toHaveURL(/\/account-type$/);
  await expect(page.getByText('Coming Soon')).toBeVisible();
  await screens.check('account type with the listener door');
  // The door that works today is in the first screen, on a 390 x 844 phone too (issue 30 item 2).
  const door = page.getByRole('link', { name: 'Start listening now' });
  await expect(door).toBeInViewport();
  await door.click();
  // 3: the signup form, then the player.
  await expect(page).toHaveURL(/\/signup\/listener$/);
  await fillListenerSignup(page, user);
  const session = (await (
    await page.request.fetch(accountsEndpoints.accountSession.path, {
      method: accountsEndpoints.accountSession.method,
    })
  ).json()) as {
    session: { userType: string; profile: { username: string } } | null;
  };
  expect(session.session).toMatchObject({ userType: 'listener', profile: { username: user.username } });
});

test('the login screen leads to the listener signup', async ({ page, screens }) => {
  await screens.visit('/login');
  await page.getByRole('link', { name: 'Create a listener account' }).click();
  await expect(page).toHaveURL(/\/signup\/listener$/);
  await expect(page.getByRole('heading', { name: 'Create Your Listener Account' })).toBeVisible();
});

test('an invite link credits the inviter, and their count goes down', async ({ page, browser, screens }) => {
  const inviter = newUser('host');
  await page.goto('/signup/listener');
  await fillListenerSignup(page, inviter);
  await screens.visit('/profile');
  const invites = page.getByRole('region', { name: 'Invite friends' });
  await expect(invites.getByText(`of ${INVITES_PER_LISTENER} invites left`)).toContainText(
    String(INVITES_PER_LISTENER),
  );
  const link = await invites.locator('[title^="http"]').first().getAttribute('title');
  if (!link) throw new Error('no invite link on the profile');
  expect(new URL(link).pathname).toBe('/signup/listener');
  await screens.check('profile with invites and points');
  // The tier badge shows its whole label at this width, on the profile and on the card.
  const fits = (selector: string) =>
    page
      .locator(selector)
      .evaluateAll((badges) =>
        badges.map((badge) => ({ text: badge.textContent, fits: badge.scrollWidth <= badge.clientWidth })),
      );
  expect(await fits('span[data-tier]')).toEqual([{ text: 'Community', fits: true }]);
  await page.getByRole('button', { name: 'Loyalty Card' }).click();
  await expect(page.getByRole('dialog', { name: 'Loyalty Card' }).locator('span[data-tier]')).toBeVisible();
  expect(await fits('[role=dialog] span[data-tier]')).toEqual([{ text: 'Community', fits: true }]);
  await page.keyboard.press('Escape');

  // The friend opens the link in their own browser.
  const friendContext = await browser.newContext({ baseURL: new URL(link).origin });
  const friend = await friendContext.newPage();
  const guest = newUser('guest');
  await friend.goto(link);
  await expect(friend.getByText(`@${inviter.username} invited you to Klang.`)).toBeVisible();
  await fillListenerSignup(friend, guest);

  // The same link again is refused with a clear message, and the signup goes on without it.
  const late = await friendContext.browser()?.newContext({ baseURL: new URL(link).origin });
  const latePage = await late?.newPage();
  if (latePage) {
    await latePage.goto(link);
    await expect(latePage.getByRole('alert')).toContainText('already been used');
    await late?.close();
  }
  await friendContext.close();

  await page.reload();
  await expect(invites.getByText(`of ${INVITES_PER_LISTENER} invites left`)).toContainText(
    String(INVITES_PER_LISTENER - 1),
  );
  await expect(invites.getByText(`@${guest.username} joined`)).toBeVisible();
});

test('a listener who opens the dashboard lands on their profile with a sentence, not a retry', async ({
  page,
  screens,
}) => {
  await page.goto('/signup/listener');
  await fillListenerSignup(page, newUser('dash'));
  await screens.visit('/dashboard');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(
    page.getByText(/The dashboard shows an artist the stats of their uploaded tracks/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
  await screens.check('listener sent from the dashboard to the profile');
});
