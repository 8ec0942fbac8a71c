import {
  OFFLINE_PACK_MESSAGES,
  PLAYER_MESSAGES,
  offlinePackSchema,
  offlinePackSyncResponseSchema,
  playerEndpoints,
  type OfflinePack,
} from '@klang/domain';
import { expect, test } from '../support/fixtures';
import { matchEntry } from '../support/contract';
import { signUpListener } from '../support/listener';
import { audioState, exposeAudioElement } from '../support/audio-element';

// Issue 32 item 3: the underground. A phone's journey: save a pack, lose the network, open Klang
// again with no network at all, discover blind from the pack, and learn who made the liked track
// only when the connection is back.
test.skip(({ isMobile }) => !isMobile, 'the phone project only');
// The shell must open with no network, which only the service worker can do.
test.use({ serviceWorkers: 'allow' });

test('an offline pack plays with the network cut and reveals its likes only back online', async ({
  page,
  context,
  screens,
}) => {
  // Five tracks downloaded, the app opened again from its worker, a sync: a long journey.
  test.setTimeout(180_000);
  await exposeAudioElement(page);
  await signUpListener(page, 'o');
  await screens.visit('/player');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/);

  // Save a pack of five.
  const dealt = page.waitForResponse((response) =>
    Boolean(matchEntry(playerEndpoints.dealOfflinePack, response.request())),
  );
  await page.getByRole('button', { name: 'Offline pack' }).click();
  const dialog = page.getByRole('dialog', { name: 'Offline pack' });
  await expect(dialog).toBeVisible();
  await screens.check('offline pack dialog');
  await dialog.getByRole('button', { name: '5 tracks' }).click();
  await dialog.getByRole('button', { name: 'Save pack' }).click();
  const pack: OfflinePack = offlinePackSchema.parse(await (await dealt).json());
  expect(pack.tracks).toHaveLength(5);
  await expect(dialog.getByTestId('offline-pack-status')).toContainText('5 tracks saved · 5 to play', {
    timeout: 30_000,
  });

  // On the device: five entries under neutral names, none of them an alias or a grant.
  const keys = await page.evaluate(async () => {
    const cache = await caches.open('klang-offline-pack');
    return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
  });
  expect(keys).toEqual([
    '/offline-pack/0',
    '/offline-pack/1',
    '/offline-pack/2',
    '/offline-pack/3',
    '/offline-pack/4',
  ]);
  await page.keyboard.press('Escape');

  // No network at all, and the app opened again from the home screen.
  // Offline, the player asks the network nothing: no deal, grant, rating or beacon.
  const playerCalls = [
    playerEndpoints.nextTrack,
    playerEndpoints.secureTrackAccess,
    playerEndpoints.likeTrack,
    playerEndpoints.dislikeTrack,
    playerEndpoints.leaveTrack,
    playerEndpoints.markMoment,
  ];
  const online: string[] = [];
  page.on('request', (request) => {
    if (playerCalls.some((entry) => matchEntry(entry, request))) online.push(request.url());
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("You're offline: playing your offline pack")).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0);
  expect((await audioState(page)).src).toMatch(/^blob:/);
  // The lock screen, as online, names no blind track.
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.artist)).toBe(
    PLAYER_MESSAGES.unknownArtist,
  );

  // A like offline waits for the network to reveal.
  await page.getByRole('button', { name: 'Like' }).click();
  const waiting = page.getByRole('region', { name: 'Liked offline' });
  await expect(waiting).toContainText(OFFLINE_PACK_MESSAGES.revealOnline);
  await screens.check('liked offline');
  await waiting.getByRole('button', { name: 'Next' }).click();
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0);
  // A skip, then the pack plays on.
  const second = (await audioState(page)).src;
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect.poll(async () => (await audioState(page)).src).not.toBe(second);
  // The listener pauses the third before the train surfaces: an E2E upload may be seconds long,
  // and a track that ends plays on, which is a verdict of its own ('left') to send and delete.
  await page.getByRole('button', { name: 'Pause' }).click();
  expect(online).toEqual([]);

  // The network is back: the verdicts go in play order, and the like is named at last.
  const synced = page.waitForResponse((response) =>
    Boolean(matchEntry(playerEndpoints.syncOfflinePack, response.request())),
  );
  await context.setOffline(false);
  const answer = offlinePackSyncResponseSchema.parse(await (await synced).json());
  const liked = answer.results.find((result) => result.reveal !== null);
  expect(answer.results.map((result) => result.state)).toEqual(['recorded', 'recorded']);
  expect(answer.results.map((result) => result.trackId)).toEqual(
    pack.tracks.slice(0, 2).map((track) => track.id),
  );
  if (!liked?.reveal) throw new Error('the like came back without its reveal');
  const news = page.getByRole('region', { name: 'Back online: you liked 1 track offline' });
  await expect(news).toBeVisible();
  await expect(news).toContainText(liked.reveal.track.title);
  await expect(news).toContainText(liked.reveal.artist.name);
  await screens.check('back online');

  // The device keeps only what it has not sent: the two played tracks' audio is gone.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('klang-offline-pack');
        return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
      }),
    )
    .toEqual(['/offline-pack/2', '/offline-pack/3', '/offline-pack/4']);
});
