import { accountsEndpoints, emailEndpoints, PLAN_MESSAGES, UPGRADE_MESSAGES } from '@klang/domain';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { payWith } from '../support/payments';

/** Unique per test and per project: desktop and phone both run every journey on one database. */
function newArtist(prefix: string) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `${prefix}${suffix}`,
    email: `${prefix}-${suffix}@example.com`,
    password: 'first-pass-1',
    artistName: `Night ${suffix}`,
  };
}

async function session(page: Page) {
  const answer = await page.request.fetch(accountsEndpoints.accountSession.path, {
    method: accountsEndpoints.accountSession.method,
  });
  return ((await answer.json()) as { session: { subscriptionTier: string } | null }).session;
}

test('a visitor picks Pro, pays on the checkout page, completes the artist profile and lands with the trial and the Kit', async ({
  page,
  screens,
}) => {
  const artist = newArtist('pro');
  await screens.visit('/artist-subscription');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/payments\/local\/checkout\/cs_local_[0-9a-f]{24}$/);
  await expect(page.getByText('30 days free')).toBeVisible();
  await screens.check('local checkout page');

  // A declining card shows its message and takes nothing.
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/signup\/artist\?checkout=success&session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: UPGRADE_MESSAGES.completeTitle })).toBeVisible();
  await screens.check('complete your artist profile');
  await page.getByLabel('Username').fill(artist.username);
  await page.getByLabel('Artist name').fill(artist.artistName);
  await page.getByLabel('Bio').fill('Warehouse grooves.');
  await page.getByLabel('Email').fill(artist.email);
  await page.getByLabel('Password').fill(artist.password);
  await page.getByRole('button', { name: UPGRADE_MESSAGES.completeButton }).click();
  await expect(page).toHaveURL(/\/profile$/);

  expect((await session(page))?.subscriptionTier).toBe('trial');
  const emails = (await (
    await page.request.fetch(emailEndpoints.mailboxEmails.path, {
      method: emailEndpoints.mailboxEmails.method,
    })
  ).json()) as {
    to: string;
    template: string;
  }[];
  expect(emails.some((e) => e.to === artist.email && e.template === 'welcome')).toBe(true);

  // The Kit is open to the trial: SoundLab is a link, not the blocked popup.
  await screens.visit('/creator-tools');
  await page.getByRole('link', { name: /SoundLab/ }).click();
  await expect(page.getByRole('heading', { name: 'SoundLab' })).toBeVisible();
});

test("a cancelled payment shows 'Payment Cancelled' with the way back to the plans", async ({
  page,
  screens,
}) => {
  await screens.visit('/artist-subscription');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/payments\/local\/checkout\//);
  await page.getByRole('link', { name: 'Cancel and return to Klang' }).click();
  await expect(page).toHaveURL(/\/artist-subscription\?checkout=cancelled$/);
  await expect(page.getByText(PLAN_MESSAGES.paymentCancelled)).toBeVisible();
  await screens.check('payment cancelled');
  await page.getByRole('link', { name: 'Back to subscription options' }).click();
  await expect(page.getByText(PLAN_MESSAGES.paymentCancelled)).toBeHidden();
});

test('a free artist upgrades from the profile, sees the banner, then cancels from Settings', async ({
  page,
  screens,
}) => {
  const artist = newArtist('up');
  const signup = await page.request.fetch(accountsEndpoints.signupArtist.path, {
    method: accountsEndpoints.signupArtist.method,
    data: {
      username: artist.username,
      email: artist.email,
      password: artist.password,
      artistName: artist.artistName,
      bio: 'New here',
    },
  });
  expect(signup.status()).toBe(201);

  await screens.visit('/profile');
  await page.getByRole('button', { name: UPGRADE_MESSAGES.modalTitle }).click();
  const offer = page.getByRole('dialog', { name: UPGRADE_MESSAGES.modalTitle });
  await expect(offer.getByText('£10.99 a month')).toBeVisible();
  await screens.check('upgrade modal');
  await offer.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/payments\/local\/checkout\//);
  await payWith(page, '4242424242424242');

  await expect(page).toHaveURL(/\/profile\?upgrade=success$/);
  await expect(page.getByText(UPGRADE_MESSAGES.successful)).toBeVisible();
  // The screen follows the payment while the banner is up: the Kit opens, the free limits go.
  // A free artist's Kit button announces the Pro popup; a paying one's opens the Kit.
  await expect(page.getByRole('button', { name: 'Klang Kit', exact: true })).not.toHaveAttribute(
    'aria-haspopup',
    'dialog',
  );
  await expect(page.getByText('0 of 5 uploads')).toBeHidden();
  await screens.check('upgrade successful');
  // Five seconds on, the banner goes and the address loses its query.
  await expect(page).toHaveURL(/\/profile$/, { timeout: 8_000 });
  await expect(page.getByText(UPGRADE_MESSAGES.successful)).toBeHidden();
  await expect.poll(async () => (await session(page))?.subscriptionTier).toBe('trial');
  await expect(page.getByRole('button', { name: UPGRADE_MESSAGES.modalTitle })).toBeHidden();

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page.getByText('Free trial')).toBeVisible();
  await expect(page.getByText('Trial ends on')).toBeVisible();
  await screens.check('subscription tab');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  await expect(page.getByText('Ends on')).toBeVisible();
  await screens.check('subscription cancelled');

  // Billing is managed on Klang's local page, which says the same and goes back.
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/payments\/local\/billing\?return_url=/);
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  await screens.check('local billing page');
  await page.getByRole('link', { name: 'Return to Klang' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
