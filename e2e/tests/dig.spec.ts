import { nextTrackResponseSchema, playerEndpoints, PLAYER_MESSAGES, SOUND_MESSAGES } from '@klang/domain';
import { expect, test } from '../support/fixtures';
import { signUpListener } from '../support/listener';
import { callEntry } from '../support/contract';

/**
 * Blind digging (issue 28, decision 0266): a listener digs the deck by tempo, hears a matching
 * track still blind, learns its tempo and key with the like, and is told plainly when a filter
 * leaves nothing. The seed's tracks are measured by the backfill after the server starts.
 */
test('a listener digs the blind deck by tempo, likes what comes, and widens a filter that emptied it', async ({
  page,
  screens,
}) => {
  test.setTimeout(240_000);
  await signUpListener(page, 'dig');
  // The backfill measures the seed's tracks after start: wait until the deck has a measured one.
  await expect
    .poll(
      async () => {
        const response = await callEntry(page.request, playerEndpoints.nextTrack, {
          query: { bpmMin: '118', bpmMax: '130' },
        });
        return nextTrackResponseSchema.parse(await response.json()).state;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe('track');

  await screens.visit('/player');
  await page.getByRole('button', { name: 'Filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dig the blind deck' });
  await dialog.getByLabel('From BPM').fill('130');
  await dialog.getByLabel('To BPM').fill('118');
  await dialog.getByRole('button', { name: 'Deal matching tracks' }).click();
  await expect(dialog.getByText(SOUND_MESSAGES.bpmRangeReversed)).toBeVisible();
  await screens.check('dig filters refused');
  await dialog.getByLabel('From BPM').fill('118');
  await dialog.getByLabel('To BPM').fill('130');
  await dialog.getByRole('button', { name: 'Deal matching tracks' }).click();
  await expect(page.getByText('Digging 118–130 BPM')).toBeVisible();
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect(page.getByRole('slider', { name: 'Playback position' })).toBeVisible();
  // Still blind: nothing names the track, nor its tempo, before the like.
  await expect(page.getByText('****')).toBeVisible();
  await expect(page.getByTestId('reveal-sound')).toHaveCount(0);
  await screens.check('digging, blind');
  await page.getByRole('button', { name: 'Like' }).click();
  const tempo = page.getByTestId('reveal-sound');
  await expect(tempo).toBeVisible();
  const bpm = Number(/(\d+) BPM/.exec((await tempo.textContent()) ?? '')?.[1]);
  expect(bpm).toBeGreaterThanOrEqual(118);
  expect(bpm).toBeLessThanOrEqual(130);

  // A range nothing is in: the deck says so, in the listener's own terms, and widening deals again.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await dialog.getByLabel('From BPM').fill('40');
  await dialog.getByLabel('To BPM').fill('41');
  await dialog.getByRole('button', { name: 'Deal matching tracks' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: SOUND_MESSAGES.filterEmpty('40–41 BPM') })).toBeVisible();
  await screens.check('dig filter empty');
  await page.getByRole('button', { name: 'Clear the filters' }).click();
  await expect(page.getByRole('slider', { name: 'Playback position' })).toBeVisible();
});
