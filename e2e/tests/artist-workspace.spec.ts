import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  accountsEndpoints,
  artistTracksResponseSchema,
  fillPath,
  nextTrackResponseSchema,
  PLAYER_MESSAGES,
  secureTrackAccessResponseSchema,
  TRACK_MESSAGES,
  playerEndpoints,
  tracksEndpoints,
} from '@klang/domain';
import { expect, test } from '../support/fixtures';
import { callEntry } from '../support/contract';

const SECRET_TITLE = 'Tagged Secret Title';
const SECRET_ARTIST = 'Tagged Secret Artist';

/** A real MP3 whose ID3 tags name a title and an artist, as a release from a DAW would. */
function taggedMp3(): Buffer {
  const result = spawnSync(
    ffmpeg.path,
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=6'],
      ...['-metadata', `title=${SECRET_TITLE}`, '-metadata', `artist=${SECRET_ARTIST}`],
      ...['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', 'pipe:1'],
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return result.stdout;
}

function unique(tag: string): string {
  return `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 24);
}

async function signUp(request: APIRequestContext, kind: 'artist' | 'listener', name: string) {
  const signup = kind === 'artist' ? accountsEndpoints.signupArtist : accountsEndpoints.signupListener;
  const res = await request.fetch(signup.path, {
    method: signup.method,
    data: {
      username: name,
      email: `${name}@example.com`,
      password: 'secret-pass',
      ...(kind === 'artist' && { artistName: `Artist ${name}`, bio: 'Late-night records' }),
    },
  });
  expect(res.status()).toBe(201);
}

/**
 * Likes every featured track through the API, each dealt and granted a playback URL first (the
 * server accepts a like only for a track it dealt and served). The deck names tracks by aliases
 * of this listener's, so a track to keep is taken out of the player meanwhile by its artist.
 */
async function likeAll(request: APIRequestContext) {
  for (let i = 0; i < 200; i++) {
    const next = nextTrackResponseSchema.parse(
      await (await callEntry(request, playerEndpoints.nextTrack)).json(),
    );
    if (next.state !== 'track') return;
    const alias = next.track.id;
    const grant = await callEntry(request, playerEndpoints.secureTrackAccess, { data: { trackId: alias } });
    expect(grant.ok()).toBe(true);
    const like = await callEntry(request, playerEndpoints.likeTrack, {
      params: { trackId: alias },
      data: { addToLibrary: false },
    });
    expect(like.ok()).toBe(true);
  }
  throw new Error('the catalogue never ran out');
}

async function setFeatured(request: APIRequestContext, trackId: string, featured: boolean) {
  const { method, path } = tracksEndpoints.setTrackFeatured;
  const res = await request.fetch(fillPath(path, { trackId }), { method, data: { featured } });
  expect(res.ok()).toBe(true);
}

async function chooseGenre(page: Page, genre: string) {
  await page.getByRole('combobox', { name: 'Genre' }).click();
  await page.getByRole('option', { name: genre }).click();
}

test('an artist uploads a tagged MP3 with a cropped cover, it becomes ready, is featured, and a listener meets it blind', async ({
  page,
  browser,
  screens,
}, testInfo) => {
  test.setTimeout(180_000);
  const artistName = unique(`aw${testInfo.project.name.slice(0, 1)}`);
  await signUp(page.request, 'artist', artistName);
  await screens.visit('/profile');
  await expect(page.getByText(TRACK_MESSAGES.noTracks)).toBeVisible();

  await page.getByRole('button', { name: 'How tracks work' }).click();
  await expect(page.getByText(/wipes its stats/)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Upload Track' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Track' });
  const uploadButton = dialog.getByRole('button', { name: 'Upload', exact: true });
  await expect(uploadButton).toBeDisabled();
  await screens.check('upload modal');

  // A renamed document is refused by type on the device (and by content on the server).
  await dialog
    .getByLabel('Audio file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText(TRACK_MESSAGES.audioInvalid)).toBeVisible();

  await dialog.getByLabel('Title').fill('Harbour Lights');
  await chooseGenre(page, 'Drum n Bass');
  await expect(dialog.getByLabel('Label')).toHaveValue('Unsigned');
  await dialog
    .getByLabel('Audio file')
    .setInputFiles({ name: 'harbour-lights-final.mp3', mimeType: 'audio/mpeg', buffer: taggedMp3() });
  const cover = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#1e6091' } })
    .png()
    .toBuffer();
  await dialog
    .getByLabel('Cover art image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await expect(dialog.getByRole('slider', { name: 'Zoom' })).toBeVisible();
  await expect(uploadButton).toBeEnabled();
  await uploadButton.click();

  await expect(dialog.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText(TRACK_MESSAGES.uploaded, { exact: true }).first()).toBeVisible({
    timeout: 60_000,
  });
  // What ingest measured shows before the dialog closes (issue 28 item 2).
  await expect(dialog.getByText(/^Measured: .+ · .+\. If it is off/)).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });

  // The first upload brings the feature tutorial.
  const tutorial = page.getByRole('dialog', { name: 'Feature your track' });
  await expect(tutorial).toBeVisible();
  await screens.check('feature tutorial');
  await tutorial.getByRole('button', { name: 'Got it' }).click();

  const row = page.getByRole('listitem').filter({ hasText: 'Harbour Lights' });
  await expect(row.getByText('Drum n Bass · Unsigned')).toBeVisible();
  await expect(row.getByRole('img')).toHaveCount(0); // decorative cover (alt="") stays out of the tree
  await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/coverart\//);
  await row.getByRole('button', { name: /^Feature/ }).click();
  await expect(page.getByText(TRACK_MESSAGES.featured, { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Featured/ })).toHaveAttribute('aria-pressed', 'true');
  await screens.check('profile with a featured track');

  const { tracks } = artistTracksResponseSchema.parse(
    await (
      await page.request.fetch(fillPath(tracksEndpoints.listTracks.path, {}), {
        method: tracksEndpoints.listTracks.method,
      })
    ).json(),
  );
  const trackId = tracks[0]?.id ?? '';
  expect(tracks[0]).toMatchObject({ status: 'ready', featured: true });

  // A listener meets it in Discover: nothing names it before the like, not even the audio file.
  const listener = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const listenerPage = await listener.newPage();
  await signUp(listenerPage.request, 'listener', unique('lw'));
  await setFeatured(page.request, trackId, false);
  await likeAll(listenerPage.request);
  await setFeatured(page.request, trackId, true);

  // The one track left, under an alias of this listener's: not its id, nothing that names it.
  const nextBody = await (await callEntry(listenerPage.request, playerEndpoints.nextTrack)).text();
  const next = nextTrackResponseSchema.parse(JSON.parse(nextBody));
  if (next.state !== 'track') throw new Error(`expected the new track, got ${next.state}`);
  expect(nextBody).not.toContain(trackId);
  expect(nextBody).not.toMatch(/Harbour|Secret|aw[dp]/);
  const access = secureTrackAccessResponseSchema.parse(
    await (
      await callEntry(listenerPage.request, playerEndpoints.secureTrackAccess, {
        data: { trackId: next.track.id },
      })
    ).json(),
  );
  const signedUrl = access.signedUrl ?? '';
  // A path of the grant's own, not the object's key.
  expect(signedUrl).toMatch(/^\/media\/stream\//);
  expect(signedUrl).not.toMatch(/harbour|secret|title/i);
  const audio = await (await listenerPage.request.get(signedUrl)).body();
  expect(audio.subarray(0, 3).toString('latin1')).not.toBe('ID3');
  expect(audio.includes(SECRET_TITLE)).toBe(false);
  expect(audio.includes(SECRET_ARTIST)).toBe(false);
  expect(audio.includes('Harbour')).toBe(false);

  await listenerPage.goto('/player');
  await listenerPage.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  await expect(listenerPage.getByRole('slider', { name: 'Playback position' })).toBeVisible();
  await expect(listenerPage.getByText('****').first()).toBeVisible();
  await expect(listenerPage.getByText('Harbour Lights')).toHaveCount(0);
  await listenerPage.getByRole('button', { name: 'Like' }).click();
  const card = listenerPage.getByRole('region', { name: 'Revealed track' });
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Harbour Lights');
  await expect(card.getByText(`Artist ${artistName}`)).toBeVisible();
  await listener.close();
});

test('the dashboard shows its tabs and the six achievements', async ({ page, screens }) => {
  await signUp(page.request, 'artist', unique('ad'));
  await screens.visit('/dashboard');
  for (const tab of ['Overview', 'Additional Stats', 'Performance', 'Achievements']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await expect(page.getByRole('meter', { name: 'Engagement rate' })).toBeVisible();
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByRole('img', { name: /Last 30 days/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Achievements' }).click();
  await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(6);
  await screens.check('dashboard achievements');
});
