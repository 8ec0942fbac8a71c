import { MESSAGES, PLAYER_MESSAGES, playerEndpoints } from '@klang/domain';
import { expect, test } from '../support/fixtures';
import { matchEntry } from '../support/contract';
import { signUpListener } from '../support/listener';
import { audioState, exposeAudioElement } from '../support/audio-element';

// Issue 32: Klang in your pocket. A phone's journey: install, play blind with the screen off.
test.skip(({ isMobile }) => !isMobile, 'the phone project only');
test.use({ serviceWorkers: 'allow' });

test('Klang installs, its shell opens offline, and the lock screen names no blind track', async ({
  page,
  context,
  screens,
}) => {
  await exposeAudioElement(page);
  await signUpListener(page, 'w');
  await screens.visit('/player');

  // The manifest as Chromium reads it: linked, parsed without errors, installable.
  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as {
    url: string;
    errors: unknown[];
    data?: string;
  };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? '{}') as {
    name: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(parsed).toMatchObject({
    name: 'Klang',
    short_name: 'Klang',
    display: 'standalone',
    start_url: '/player',
  });
  const icons = parsed.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of parsed.icons) {
    const response = await page.request.get(`/${icon.src}`);
    expect(response.headers()['content-type']).toBe('image/png');
  }

  // The worker registers and controls the page.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/);
  // Nothing stands in the way but the test's own browser context, which is always incognito.
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);

  // A blind track plays; the lock screen shows the brand, not the track.
  const served: string[] = [];
  page.on('request', (request) => {
    if (matchEntry(playerEndpoints.secureTrackAccess, request)) served.push(request.url());
  });
  const left: string[] = [];
  page.on('request', (request) => {
    const leave = matchEntry(playerEndpoints.leaveTrack, request);
    if (leave?.trackId) left.push(leave.trackId);
  });
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0);
  const lockScreen = () =>
    page.evaluate(() => {
      const metadata = navigator.mediaSession.metadata;
      return (
        metadata && {
          title: metadata.title,
          artist: metadata.artist,
          album: metadata.album,
          art: metadata.artwork.map((a) => new URL(a.src).pathname),
        }
      );
    });
  expect(await lockScreen()).toEqual({
    title: 'Klang',
    artist: PLAYER_MESSAGES.unknownArtist,
    album: '',
    art: ['/pwa-192x192.png', '/pwa-512x512.png'],
  });

  // The track ends with no one to tap: the deck plays on from the deal armed while it played,
  // without asking for a URL at the end, and the track is reported left, not skipped.
  await expect.poll(() => served.length, { timeout: 10_000 }).toBe(2);
  const first = await audioState(page);
  await page.evaluate(() => {
    const audio = (window as unknown as { klangAudio: HTMLMediaElement }).klangAudio;
    audio.currentTime = audio.duration - 0.2;
  });
  await expect.poll(async () => (await audioState(page)).src, { timeout: 10_000 }).not.toBe(first.src);
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(left).toHaveLength(1);
  expect((await lockScreen())?.artist).toBe(PLAYER_MESSAGES.unknownArtist);

  // The worker's caches hold the shell only: no API answer, no audio, no track's link.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/app.html');
  expect(cached.filter((url) => /^\/(api|functions|rest|media)\//.test(url))).toEqual([]);

  // Offline, the installed app still opens: the shell, not the browser's error page.
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(page.getByText(MESSAGES.pageFailedToLoad)).toHaveCount(0);
  await context.setOffline(false);
});
