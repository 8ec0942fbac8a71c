import type { Page } from '@playwright/test';
import {
  loyaltyCardSchema,
  PLAYER_MESSAGES,
  revealSchema,
  loyaltyEndpoints,
  playerEndpoints,
} from '@klang/domain';
import { expect, test } from '../support/fixtures';
import { hearEverything, revealCard, signUpListener } from '../support/listener';
import { callEntry, matchEntry } from '../support/contract';

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

test('the arrow keys skip and like, and space plays and pauses', async ({ page, screens }) => {
  await signUpListener(page, 'k');
  await screens.visit('/player');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect(page.getByRole('slider', { name: 'Playback position' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
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
    const skip = matchEntry(playerEndpoints.dislikeTrack, request);
    if (skip?.trackId) disliked.push(skip.trackId);
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

/** A one-finger touch drag through `points`, as a phone sends it (pointer type touch). */
async function touchDrag(page: Page, points: readonly { x: number; y: number }[]) {
  const cdp = await page.context().newCDPSession(page);
  const [first, ...rest] = points;
  if (!first) return;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first] });
  for (const point of rest) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Waits until the deck card is back in place: no offset left and its slide-back transition over. */
async function cardAtRest(page: Page) {
  const card = page.getByTestId('discover-card');
  await expect(card).not.toHaveAttribute('style', /translateX/);
  await card.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
}

/** A straight horizontal touch swipe of `dx` px from `from`, in small steps. */
const swipeFrom = (from: { x: number; y: number }, dx: number) =>
  Array.from({ length: 11 }, (_, i) => ({ x: from.x + (dx * i) / 10, y: from.y + i * 0.4 }));

test('on a touch screen a swipe across the ring likes or skips, and only the handle seeks', async ({
  page,
  screens,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'touch is the phone project');
  await signUpListener(page, 's');
  await screens.visit('/player');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  const ratings: string[] = [];
  page.on('request', (request) => {
    if (matchEntry(playerEndpoints.likeTrack, request)) ratings.push('like');
    if (matchEntry(playerEndpoints.dislikeTrack, request)) ratings.push('dislike');
  });
  const scrubber = page.getByRole('slider', { name: 'Playback position' });
  await expect(page.getByText('Swipe left to skip, right to like')).toBeVisible();
  await expect(scrubber).not.toHaveAttribute('aria-valuemax', '0');
  const ring = await scrubber.boundingBox();
  if (!ring) throw new Error('no ring');
  const centre = { x: ring.x + ring.width / 2, y: ring.y + ring.height / 2 };

  // Dragging the handle round a quarter turn seeks to about a quarter of the track, and rates nothing.
  await page.getByRole('button', { name: 'Pause' }).click();
  const handle = await page.locator('[data-seek-handle]').boundingBox();
  if (!handle) throw new Error('no handle');
  // The handle is where the track was paused (seconds in on a slow machine), not at the top: the
  // drag starts on it, at its own angle and radius, and ends at a quarter turn from the top.
  const grab = { x: handle.x + handle.width / 2 - centre.x, y: handle.y + handle.height / 2 - centre.y };
  const radius = Math.hypot(grab.x, grab.y);
  const from = Math.atan2(grab.x, -grab.y);
  const arc = Array.from({ length: 13 }, (_, i) => {
    const turn = from + (i / 12) * (Math.PI / 2 - from);
    return { x: centre.x + radius * Math.sin(turn), y: centre.y - radius * Math.cos(turn) };
  });
  await touchDrag(page, arc);
  const max = Number(await scrubber.getAttribute('aria-valuemax'));
  const now = Number(await scrubber.getAttribute('aria-valuenow'));
  expect(Math.abs(now - max / 4)).toBeLessThanOrEqual(Math.max(2, max * 0.05));
  expect(ratings).toEqual([]);
  await expect(revealCard(page)).toHaveCount(0);

  // A swipe that starts on the ring itself and crosses it likes, and seeks nowhere.
  await touchDrag(page, swipeFrom({ x: centre.x - radius, y: centre.y }, 140));
  await expect(revealCard(page)).toBeVisible();
  expect(Number(await scrubber.getAttribute('aria-valuenow'))).toBe(now);
  expect(ratings).toEqual(['like']);

  // A swipe to the left from the middle of the ring skips to the next blind track. The liked card
  // flew out and slides back revealed, and the reveal makes it taller, which can scroll the page
  // on a phone: wait for the card to come to rest, then find the ring again.
  await cardAtRest(page);
  const revealedRing = await scrubber.boundingBox();
  if (!revealedRing) throw new Error('no ring after the reveal');
  await touchDrag(
    page,
    swipeFrom(
      { x: revealedRing.x + revealedRing.width / 2, y: revealedRing.y + revealedRing.height / 2 },
      -140,
    ),
  );
  await expect(revealCard(page)).toHaveCount(0);
  await expect.poll(() => ratings).toEqual(['like', 'dislike']);

  // Under 50 px the card snaps back and nothing is rated.
  await touchDrag(page, swipeFrom(centre, 40));
  await page.waitForTimeout(400);
  expect(ratings).toEqual(['like', 'dislike']);
  await expect(page.getByTestId('discover-card')).not.toHaveAttribute('style', /translateX/);
});

test('a like reveals the track with the K-Points the server awarded', async ({ page, screens }) => {
  await signUpListener(page, 'p');
  await screens.visit('/player');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect(page.getByRole('slider', { name: 'Playback position' })).toBeVisible();
  const liked = page.waitForResponse(
    (res) =>
      matchEntry(playerEndpoints.likeTrack, {
        url: () => res.url(),
        method: () => res.request().method(),
      }) !== undefined,
  );
  await page.getByRole('button', { name: 'Like' }).click();
  const { pointsAwarded } = revealSchema.parse(await (await liked).json());
  expect(pointsAwarded).toBeGreaterThan(0);
  const card = revealCard(page);
  await expect(card.getByTestId('reveal-points')).toHaveText(`+${String(pointsAwarded)} K-Points`);
  await expect(page.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
  await screens.check('reveal with points');

  // The card's points are the server's: the loyalty card counts them.
  const loyalty = await callEntry(page.request, loyaltyEndpoints.loyaltyCard);
  expect(loyaltyCardSchema.parse(await loyalty.json()).likes).toBe(1);
});

test('the ring moves with the music, read from the playing audio', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one width is enough for the analyser');
  await signUpListener(page, 'v');
  await page.goto('/player');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  const canvas = page.getByTestId('ring-visualiser');
  // The bars' drawn pixels, as a fingerprint of one frame: empty while silent, changing as the music does.
  const frame = () =>
    canvas.evaluate((element) => {
      const node = element as HTMLCanvasElement;
      const data = node.getContext('2d')?.getImageData(0, 0, node.width, node.height).data ?? [];
      let drawn = 0;
      let sum = 0;
      for (let i = 3; i < data.length; i += 4) {
        if ((data[i] ?? 0) > 0) {
          drawn += 1;
          sum += (data[i] ?? 0) * (i % 9973);
        }
      }
      return { drawn, sum };
    });
  await expect.poll(async () => (await frame()).drawn, { timeout: 10_000 }).toBeGreaterThan(100);
  const first = await frame();
  await expect.poll(async () => (await frame()).sum).not.toBe(first.sum);

  // Paused, the ring is still.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await frame()).drawn).toBe(0);
});

test('a first-time listener sees the introduction once, and can skip it', async ({ page, screens }) => {
  await signUpListener(page, 'i');
  await screens.visit('/player');
  const intro = page.getByRole('region', { name: 'How Discover works' });
  await expect(intro).toBeVisible();
  await expect(intro.getByText('Like to reveal')).toBeVisible();
  await intro.getByRole('button', { name: 'Skip intro' }).click();
  await expect(intro).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic })).toBeVisible();
  await expect(intro).toHaveCount(0);
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

test('a listener who has heard everything is told what comes next, and where to go', async ({
  page,
  screens,
}) => {
  await signUpListener(page, 'end');
  await hearEverything(page);
  await screens.visit('/player');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect(page.getByRole('heading', { name: PLAYER_MESSAGES.allLiked })).toBeVisible();
  await expect(page.getByText(PLAYER_MESSAGES.allLikedNext)).toBeVisible();
  await screens.check('discover end state');
  await page.getByRole('link', { name: 'Invite a friend' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
