import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  HOOKS,
  nextTrackResponseSchema,
  PLAYER_MESSAGES,
  secureTrackAccessResponseSchema,
  type ReadyTrackHooks,
  playerEndpoints,
} from '@klang/domain';
import { expect, test } from '../support/fixtures';
import { callEntry } from '../support/contract';
import {
  likeAll,
  readHooks as readArtistHooks,
  setFeatured,
  signUp,
  unique,
  uploadReadyTrack,
} from '../support/hearing';

/**
 * A listener who has liked everything else, so the deck's one candidate is the artist's track
 * (featured again after they finish): it is dealt, served and then liked or skipped blind.
 */
async function newListener(browser: Browser, page: Page): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  await signUp(context.request, 'listener', unique('hk'));
  await likeAll(context.request);
  return context;
}

async function hearByApi(context: BrowserContext, verdict: 'like' | 'skip') {
  const { request } = context;
  const next = nextTrackResponseSchema.parse(
    await (await callEntry(request, playerEndpoints.nextTrack)).json(),
  );
  if (next.state !== 'track') throw new Error(`expected the artist's track, got ${next.state}`);
  const alias = next.track.id;
  const access = await callEntry(request, playerEndpoints.secureTrackAccess, { data: { trackId: alias } });
  expect(access.ok()).toBe(true);
  // The audio is fetched, as the player does: only a served deal is a hearing (decision 0244).
  const { signedUrl } = secureTrackAccessResponseSchema.parse(await access.json());
  expect((await request.get(signedUrl ?? '', { headers: { range: 'bytes=0-1023' } })).status()).toBe(206);
  // Heard for a moment, as a person would, so the server measures time before the like.
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const rating =
    verdict === 'like'
      ? callEntry(request, playerEndpoints.likeTrack, {
          params: { trackId: alias },
          data: { addToLibrary: false },
        })
      : callEntry(request, playerEndpoints.dislikeTrack, { params: { trackId: alias }, data: {} });
  expect((await rating).ok()).toBe(true);
  await context.close();
}

test('blind listeners skip and like a track, and its hook analytics appear and grow in steps of five', async ({
  page,
  browser,
  screens,
}, testInfo) => {
  // The floor of five counts only listeners the verdict trusts (decisions 0255, 0257): each listener
  // confirms their email from the mailbox, and the journeys' server trusts accounts of any age
  // (VERDICT_ACCOUNT_MIN_AGE_HOURS=0), as these are minutes old; `hooks.routes.test.ts` holds the day.
  test.setTimeout(300_000);
  const artistName = unique(`hk${testInfo.project.name.slice(0, 1)}`);
  await signUp(page.request, 'artist', artistName);
  const trackId = await uploadReadyTrack(page.request, 'First Hook', 'Drum n Bass');
  const readHooks = () => readArtistHooks(page.request, trackId);

  // Ten listeners exhaust the rest of the deck while the track is out of the player.
  await setFeatured(page.request, trackId, false);
  const listeners: BrowserContext[] = [];
  for (let i = 0; i < 10; i++) listeners.push(await newListener(browser, page));
  await setFeatured(page.request, trackId, true);
  const listener = (i: number): BrowserContext => {
    const context = listeners[i];
    if (!context) throw new Error(`no listener ${String(i)}`);
    return context;
  };

  // Four hear it (two like, two skip): below the floor, the dashboard says so and shows no number.
  await hearByApi(listener(0), 'like');
  await hearByApi(listener(1), 'skip');
  await hearByApi(listener(2), 'like');
  await hearByApi(listener(3), 'skip');
  expect((await readHooks()).status).toBe('not_enough_listeners');
  await screens.visit('/dashboard');
  await page.getByRole('tab', { name: 'Hooks' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Hooks' });
  await expect(panel.getByText('Not enough listeners yet')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  await screens.check('hooks below the floor');

  // The fifth hears it in Discover and likes it after a few seconds of blind listening.
  const fifth = listener(4);
  const discover = await fifth.newPage();
  await discover.goto('/player');
  await discover.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect(discover.getByRole('slider', { name: 'Playback position' })).toBeVisible();
  await discover.waitForTimeout(3_000);
  await discover.getByRole('button', { name: 'Like' }).click();
  await expect(
    discover.getByRole('region', { name: 'Revealed track' }).getByRole('heading', { level: 2 }),
  ).toHaveText('First Hook');
  await fifth.close();

  const five = await readHooks();
  if (five.status !== 'ready') throw new Error('five listeners should pass the floor');
  expect(five).toMatchObject({ listeners: HOOKS.minListeners, deals: 5, likes: 3, skips: 2, likeRate: 0.6 });
  // Three likers are no distribution yet: the histogram waits for five.
  expect(five.secondsToLike).toEqual({ timedLikes: 3, medianSeconds: null, bins: [] });

  await page.getByRole('button', { name: 'Refresh stats' }).click();
  await expectReport(page, five);
  await screens.check('hooks with five listeners');

  // Four more (two like, two skip): one listener at a time would show in a difference, so
  // nothing moves.
  for (const [i, verdict] of (['like', 'like', 'skip', 'skip'] as const).entries())
    await hearByApi(listener(5 + i), verdict);
  expect(await readHooks()).toEqual(five);
  await page.getByRole('button', { name: 'Refresh stats' }).click();
  await expectReport(page, five);

  // The tenth listener completes the next step of five: the numbers and the curve move.
  await hearByApi(listener(9), 'like');
  const ten = await readHooks();
  if (ten.status !== 'ready') throw new Error('ten listeners should pass the floor');
  expect(ten).toMatchObject({ listeners: 10, deals: 10, likes: 6, skips: 4, likeRate: 0.6 });
  expect(ten.secondsToLike.timedLikes).toBe(6);
  expect(ten.secondsToLike.bins.reduce((sum, b) => sum + b.likes, 0)).toBe(6);
  await page.getByRole('button', { name: 'Refresh stats' }).click();
  await expectReport(page, ten);
  if (ten.skipCurve.positioned > 0) expect(ten.skipCurve).not.toEqual(five.skipCurve);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('First Hook hooks.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain('summary,listeners,10\r\n');
  expect(csv).toContain('summary,like_rate,0.6000\r\n');
  expect(csv).toContain('seconds_to_like,timed_likes,6\r\n');
});

/** The Hooks tab shows what the API answers: listeners, deals, like rate, and a curve or its empty state. */
async function expectReport(page: Page, hooks: ReadyTrackHooks) {
  const panel = page.getByRole('tabpanel', { name: 'Hooks' });
  await expect(panel.getByText(`Based on ${String(hooks.listeners)} blind listeners`)).toBeVisible();
  // Each figure by its label: with positions reported, another figure (heard to the end) can read
  // the same share as the like rate.
  const figure = (label: string) =>
    panel.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(figure('Deals').locator('dd').first()).toHaveText(String(hooks.deals));
  await expect(figure('Like rate').locator('dd').first()).toHaveText(
    `${String(Math.round((hooks.likeRate ?? 0) * 100))}%`,
  );
  await panel.getByText('Show the numbers as tables').click();
  const likes = panel.getByRole('table', { name: 'Seconds to like' });
  if (hooks.secondsToLike.bins.length > 0) {
    for (const [i, bin] of hooks.secondsToLike.bins.entries())
      await expect(likes.getByRole('row').nth(i + 1)).toContainText(String(bin.likes));
  } else {
    await expect(likes).toContainText('likes yet');
  }
  const curve = panel.getByRole('table', { name: 'Skip curve' });
  if (hooks.skipCurve.points.length > 0) {
    await expect(curve.getByRole('row')).toHaveCount(HOOKS.curveSteps + 2);
    await expect(panel.locator('svg.recharts-surface').first()).toBeVisible();
  } else {
    // Until the player reports positions (or five listeners' worth of them), the curve waits.
    await expect(curve).toContainText('positions yet');
  }
  await panel.getByText('Show the numbers as tables').click();
}
