import { PLAYER_MESSAGES, TASTE_MESSAGES } from '@klang/domain';
import { expect, test } from '../support/fixtures';
import { signUpListener } from '../support/listener';

/**
 * Blind Radar as a new listener meets it (issue 29, decision 0285): the door's optional genres on
 * the first Discover screen, "Surprise me" beside the other controls, and on the profile what the
 * deck has learned, in a sentence, with the door's genres and a reset that asks first.
 */
test('a new listener picks genres at the door, surprises the deck, and resets their blind taste', async ({
  page,
  screens,
}) => {
  await signUpListener(page, 'radar');
  await screens.visit('/player');
  const door = page.getByRole('list', { name: 'Genres the deck starts from' });
  await door.getByRole('button', { name: 'Drum n Bass' }).click();
  await expect(door.getByRole('button', { name: 'Drum n Bass' })).toHaveAttribute('aria-pressed', 'true');
  await screens.check('the door');
  const surprise = page.getByRole('button', { name: 'Surprise me' });
  await surprise.click();
  await expect(surprise).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect(page.getByRole('slider', { name: 'Playback position' })).toBeVisible();
  await expect(page.getByText('****')).toBeVisible();

  await screens.visit('/profile');
  const panel = page.getByRole('region', { name: 'Your blind taste' });
  await expect(panel.getByText(TASTE_MESSAGES.learning)).toBeVisible();
  const picked = panel.getByRole('button', { name: 'Drum n Bass' });
  await expect(picked).toHaveAttribute('aria-pressed', 'true');
  await panel.scrollIntoViewIfNeeded();
  await screens.check('your blind taste');
  await panel.getByRole('button', { name: 'Reset' }).click();
  await page
    .getByRole('dialog', { name: 'Reset your blind taste?' })
    .getByRole('button', { name: 'Reset' })
    .click();
  await expect(panel.getByText(TASTE_MESSAGES.reset)).toBeVisible();
  await expect(picked).toHaveAttribute('aria-pressed', 'false');
});
