import { PLAYER_MESSAGES } from '@klang/domain';
import { expect, test } from '../support/fixtures';
import { revealCard, signUpListener } from '../support/listener';

test('a new listener discovers blind, likes to reveal, follows, adds to the library, and skips', async ({
  page,
  screens,
}) => {
  await signUpListener(page, 'a');
  await screens.visit('/player');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();

  const scrubber = page.getByRole('slider', { name: 'Playback position' });
  await expect(scrubber).toBeVisible();
  // Blind: nothing on the screen names the track before the like.
  await expect(page.getByText('****')).toBeVisible();
  await expect(revealCard(page)).toHaveCount(0);
  // The audio really plays: the position moves.
  await expect
    .poll(async () => Number(await scrubber.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await screens.check('discover playing');

  await page.getByRole('button', { name: 'Like' }).click();
  const card = revealCard(page);
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { level: 2 })).not.toHaveText('');
  await screens.check('reveal card');

  await card.getByRole('button', { name: 'Follow' }).click();
  await expect(card.getByRole('button', { name: 'Following' })).toBeVisible();
  await card.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Added' })).toBeVisible();

  const revealedTitle = await card.getByRole('heading', { level: 2 }).textContent();
  await card.getByRole('button', { name: 'Next' }).click();
  await expect(revealCard(page)).toHaveCount(0);
  await expect(page.getByText('****')).toBeVisible();
  expect(revealedTitle).toBeTruthy();
});

test('the arrow keys skip and like', async ({ page, screens }) => {
  await signUpListener(page, 'k');
  await screens.visit('/player');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect(page.getByRole('slider', { name: 'Playback position' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(revealCard(page)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(revealCard(page)).toHaveCount(0);
});

test('two quick skips rate two different tracks', async ({ page, screens }) => {
  await signUpListener(page, 'q');
  await screens.visit('/player');
  const disliked: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/tracks\/([^/]+)\/dislike$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) disliked.push(match[1]);
  });
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect(page.getByRole('slider', { name: 'Playback position' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => disliked.length).toBe(1);
  // The next track is on screen as soon as it is picked: a second skip acts on it at once.
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => disliked.length).toBe(2);
  expect(new Set(disliked).size).toBe(2);
});

test('the mini player follows the listener to other screens, masked until the like', async ({
  page,
  screens,
}) => {
  await signUpListener(page, 'm');
  await screens.visit('/player');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect(page.getByRole('slider', { name: 'Playback position' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Charts' }).click();
  const mini = page.getByRole('region', { name: 'Now playing' });
  await expect(mini).toBeVisible();
  await expect(mini.getByText('****').first()).toBeVisible();
  await screens.check('mini player masked');

  await page.getByRole('navigation').getByRole('link', { name: 'Discover' }).click();
  await expect(mini).toHaveCount(0);
  await page.getByRole('button', { name: 'Like' }).click();
  const title = await revealCard(page).getByRole('heading', { level: 2 }).textContent();
  await page.getByRole('navigation').getByRole('link', { name: 'Library' }).click();
  await expect(mini.getByText(title ?? '', { exact: true })).toBeVisible();
});

test('at phone width a swipe right likes, and a drag on the ring only seeks', async ({
  page,
  screens,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the swipe zone is the phone layout');
  await signUpListener(page, 's');
  await screens.visit('/player');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  const hint = page.getByText('Swipe left to skip, right to like');
  await expect(hint).toBeVisible();

  const swipe = async (dx: number) => {
    const box = await hint.boundingBox();
    if (!box) throw new Error('no swipe zone');
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + 4, { steps: 5 });
    await page.mouse.up();
  };

  // Dragging across the ring seeks; it never likes.
  const ring = await page.getByRole('slider', { name: 'Playback position' }).boundingBox();
  if (!ring) throw new Error('no ring');
  await page.mouse.move(ring.x + ring.width / 2 - 100, ring.y + 20);
  await page.mouse.down();
  await page.mouse.move(ring.x + ring.width / 2 + 100, ring.y + 20, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(400);
  await expect(revealCard(page)).toHaveCount(0);

  await swipe(120);
  await expect(revealCard(page)).toBeVisible();
});

test('a Discover track that ends on another screen brings the listener back to Discover', async ({
  page,
  screens,
}) => {
  await signUpListener(page, 'e');
  await screens.visit('/player');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  const scrubber = page.getByRole('slider', { name: 'Playback position' });
  await expect.poll(async () => Number(await scrubber.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Library' }).click();
  await expect(page).toHaveURL(/\/library$/);
  // Seek the mini player to the end: the track ends there.
  const seek = page.getByRole('region', { name: 'Now playing' }).getByRole('slider', { name: 'Seek' });
  await expect(seek).not.toHaveAttribute('aria-valuemax', '1');
  await seek.focus();
  await page.keyboard.press('End');
  await expect(page).toHaveURL(/\/player$/, { timeout: 10_000 });
});
