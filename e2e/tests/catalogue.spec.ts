import { ACTIVE_CHART_GENRES, CATALOGUE_MESSAGES, loyaltyEndpoints, PLAYER_MESSAGES } from '@klang/domain';
import { callEntry } from '../support/contract';
import { expect, test } from '../support/fixtures';
import { likeFirstTrack, revealCard, signUpListener } from '../support/listener';

test('the charts are masked until a like in Discover reveals a track, which then plays from the chart', async ({
  page,
  screens,
}) => {
  await signUpListener(page, 'c');
  await screens.visit('/charts');
  const chart = page.getByRole('list', { name: /chart$/ });
  await expect(chart.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(CATALOGUE_MESSAGES.chartHint, { exact: true })).toBeVisible();
  // No track in any chart is named before a like: a masked row plays only blind.
  await expect(chart.getByRole('button', { name: /^Play (?!blind)/ })).toHaveCount(0);

  // Discover plays every featured genre; only the active ones have a chart.
  const liked = await likeFirstTrack(page, ACTIVE_CHART_GENRES);
  await page.getByRole('navigation').getByRole('link', { name: 'Charts' }).click();
  await page.getByRole('tab', { name: liked.genre }).click();
  const row = page.getByRole('listitem').filter({ hasText: liked.title });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: liked.artist })).toBeVisible();
  await screens.check('charts with a revealed track');

  await row.getByRole('button', { name: `Play ${liked.title}` }).click();
  const mini = page.getByRole('region', { name: 'Now playing' });
  await expect(mini.getByText(liked.title, { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Pause ${liked.title}` })).toBeVisible();
});

test('a masked chart row plays blind, and a like from the mini player reveals it in the chart', async ({
  page,
  screens,
}) => {
  await signUpListener(page, 'b');
  await screens.visit('/charts');
  const chart = page.getByRole('list', { name: /chart$/ });
  await chart.getByRole('button', { name: /^Show places 1 to/ }).click();
  await chart.getByRole('button', { name: `${PLAYER_MESSAGES.playBlind}, place 1`, exact: true }).click();
  const nowPlaying = page.getByRole('region', { name: 'Now playing' });
  await expect(nowPlaying.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(nowPlaying.getByText('****').first()).toBeVisible();
  await screens.check('a chart row playing blind');

  await nowPlaying.getByRole('button', { name: PLAYER_MESSAGES.likeToReveal }).click();
  await expect(nowPlaying.getByText('****')).toHaveCount(0);
  // The chart is read again: the first place is revealed and plays by name.
  await expect(
    chart
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Play (?!blind)/ }),
  ).toBeVisible();
});

test('a track added in Discover waits in the library until it is removed', async ({ page, screens }) => {
  await signUpListener(page, 'l');
  await screens.visit('/library');
  await expect(page.getByRole('heading', { name: CATALOGUE_MESSAGES.emptyLibrary })).toBeVisible();

  const liked = await likeFirstTrack(page);
  await revealCard(page).getByRole('button', { name: 'Add', exact: true }).click();
  await expect(revealCard(page).getByRole('button', { name: 'Added' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Library' }).click();
  const library = page.getByRole('list', { name: 'Your library' });
  await expect(library.getByText(liked.title, { exact: true })).toBeVisible();
  await screens.check('library with a track');

  await expect(page.getByText('1 track', { exact: true })).toBeVisible();

  await library.getByRole('button', { name: `Remove ${liked.title} from library` }).click();
  await expect(page.getByRole('heading', { name: CATALOGUE_MESSAGES.emptyLibrary })).toBeVisible();
  // The undo puts it back through the server: a reload still lists it.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(library.getByText(liked.title, { exact: true })).toBeVisible();
  await page.reload();
  await expect(library.getByText(liked.title, { exact: true })).toBeVisible();
  await library.getByRole('button', { name: `Remove ${liked.title} from library` }).click();
  await expect(page.getByRole('heading', { name: CATALOGUE_MESSAGES.emptyLibrary })).toBeVisible();
});

test('following from an artist page shows the artist in the listener profile', async ({ page, screens }) => {
  await signUpListener(page, 'f');
  await screens.visit('/profile');
  await expect(page.getByText(CATALOGUE_MESSAGES.noFollows)).toBeVisible();

  const liked = await likeFirstTrack(page);
  await revealCard(page).getByRole('link', { name: liked.artist }).click();
  await expect(page.getByRole('heading', { level: 1, name: liked.artist })).toBeVisible();
  // The liked track plays from here; the others stay locked.
  await expect(page.getByRole('button', { name: `Play ${liked.title}` })).toBeVisible();
  await screens.check('artist page');
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();
  const follows = page.getByRole('region', { name: 'Artists you follow' });
  await expect(follows.getByRole('link', { name: liked.artist })).toBeVisible();
  await follows.getByRole('link', { name: liked.artist }).click();
  await expect(page.getByRole('heading', { level: 1, name: liked.artist })).toBeVisible();
});

test('the loyalty card shows the tier and progress, and points grow with a like', async ({
  page,
  screens,
}) => {
  const { username } = await signUpListener(page, 'p');
  // The day's first visit earns its points when the app starts, beside the card's own read: earn
  // them first, so the card reads one settled balance before and after.
  expect((await callEntry(page.request, loyaltyEndpoints.dailyLogin)).ok()).toBe(true);
  const readPoints = async () => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Loyalty Card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Loyalty Card' });
    await expect(dialog.getByText(username)).toBeVisible();
    const points = Number(
      ((await dialog.getByText(/^[\d,]+ K-Points$/).textContent()) ?? '').replace(/[^0-9]/g, ''),
    );
    const progress = Number(await dialog.getByRole('progressbar').getAttribute('aria-valuenow'));
    return { dialog, points, progress };
  };

  const before = await readPoints();
  await expect(before.dialog.getByText('Community')).toBeVisible();
  expect(before.progress).toBe(Math.round((before.points / 5000) * 100));
  await screens.check('loyalty card');

  await likeFirstTrack(page);
  const after = await readPoints();
  // A like earns its swipe and like points (product-decisions.md, Loyalty).
  expect(after.points).toBe(before.points + 6);
  await expect(after.dialog.getByText('Likes')).toBeVisible();
});

test('play all in the library plays the list through while the listener is on another screen', async ({
  page,
  screens,
}) => {
  // The player's one audio element is not in the page; keep a handle to it to jump near the end.
  await page.addInitScript(() => {
    const NativeAudio = window.Audio;
    window.Audio = class extends NativeAudio {
      constructor(src?: string) {
        super(src);
        (window as unknown as { klangAudio: HTMLAudioElement }).klangAudio = this;
      }
    };
  });
  await signUpListener(page, 'q');
  const titles: string[] = [];
  const card = revealCard(page);
  const first = await likeFirstTrack(page);
  titles.push(first.title);
  await card.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Added' })).toBeVisible();
  await card.getByRole('button', { name: 'Next' }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole('button', { name: 'Like' }).click();
  titles.push((await card.getByRole('heading', { level: 2 }).textContent()) ?? '');
  await card.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Added' })).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Library' }).click();
  await expect(page.getByText('2 tracks', { exact: true })).toBeVisible();
  // The library lists the newest first: that is the order play-all follows.
  const [newest, older] = [titles[1] ?? '', titles[0] ?? ''];
  await page.getByRole('button', { name: 'Play all' }).click();
  const nowPlaying = page.getByRole('region', { name: 'Now playing' });
  await expect(nowPlaying.getByText(newest, { exact: true })).toBeVisible();

  // On another screen the first track ends, and the second starts by itself.
  await page.getByRole('navigation').getByRole('link', { name: 'Charts' }).click();
  await expect(page.getByRole('heading', { name: 'Charts', level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const audio = (window as unknown as { klangAudio: HTMLAudioElement }).klangAudio;
    audio.currentTime = Math.max(0, audio.duration - 0.3);
  });
  await expect(nowPlaying.getByText(older, { exact: true })).toBeVisible({ timeout: 10_000 });
  await screens.check('charts while the library plays on');
});
