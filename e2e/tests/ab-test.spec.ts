import type { APIRequestContext, Page } from '@playwright/test';
import {
  AB_TEST_MESSAGES,
  fillPath,
  HOOKS,
  hooksEndpoints,
  nextTrackResponseSchema,
  playerEndpoints,
  secureTrackAccessResponseSchema,
  trackAbTestSchema,
  tracksEndpoints,
  UPGRADE_MESSAGES,
  type TrackAbTest,
} from '@klang/domain';
import { expect, scan, test } from '../support/fixtures';
import { callEntry } from '../support/contract';
import { setFeatured, signUp, unique, uploadReadyTrack } from '../support/hearing';
import { payWith } from '../support/payments';

/**
 * The artist's sound correction that lets this journey's listeners dig straight to the track
 * (decision 0266): a tempo and key no seeded or other journey's track has.
 */
const DIG = { bpm: 61.3, key: '3B' } as const;

async function openHooks(artist: Page, title: string) {
  await artist.goto('/dashboard');
  await artist.getByRole('tab', { name: 'Hooks' }).click();
  const panel = artist.getByRole('tabpanel', { name: 'Hooks' });
  await panel.getByRole('combobox', { name: 'Track' }).click();
  await artist.getByRole('option', { name: title }).click();
  return panel;
}

async function readTest(request: APIRequestContext, trackId: string): Promise<TrackAbTest> {
  return trackAbTestSchema.parse(
    await (await callEntry(request, hooksEndpoints.trackAbTest, { params: { trackId } })).json(),
  );
}

/**
 * One blind listener of the track, through the API as the player would: dug to it by its sound,
 * served, and rated. The listener cannot know the version; they like what they hear when it is
 * the long intro (B is 30 s, A 20 s: the deal says how long its audio is), and skip otherwise.
 */
async function hearAndRate(request: APIRequestContext): Promise<'a' | 'b'> {
  const query = new URLSearchParams({ bpmMin: '61', bpmMax: '61.6', key: DIG.key });
  const next = nextTrackResponseSchema.parse(
    await (await request.fetch(`${playerEndpoints.nextTrack.path}?${query.toString()}`)).json(),
  );
  if (next.state !== 'track') throw new Error(`expected the artist's track, got ${next.state}`);
  const alias = next.track.id;
  const access = await callEntry(request, playerEndpoints.secureTrackAccess, { data: { trackId: alias } });
  const { signedUrl } = secureTrackAccessResponseSchema.parse(await access.json());
  expect((await request.get(signedUrl ?? '', { headers: { range: 'bytes=0-1023' } })).status()).toBe(206);
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const version = (next.track.durationMs ?? 0) > 25_000 ? 'b' : 'a';
  const rating =
    version === 'b'
      ? await callEntry(request, playerEndpoints.likeTrack, {
          params: { trackId: alias },
          data: { addToLibrary: false },
        })
      : await callEntry(request, playerEndpoints.dislikeTrack, { params: { trackId: alias }, data: {} });
  expect(rating.ok()).toBe(true);
  return version;
}

test('an artist starts a blind A/B test, blind listeners rate the two versions, and the artist compares and stops it', async ({
  page: artist,
  browser,
}, testInfo) => {
  test.setTimeout(480_000);
  const tag = unique(`ab${testInfo.project.name.slice(0, 1)}`);
  await signUp(artist.request, 'artist', tag);
  const a = await uploadReadyTrack(artist.request, `Night Bus radio ${tag}`, 'Drum n Bass');
  const b = await uploadReadyTrack(artist.request, `Night Bus long intro ${tag}`, 'Drum n Bass', 30);
  await setFeatured(artist.request, b, false);
  await setFeatured(artist.request, a, true);
  const { setTrackSound } = tracksEndpoints;
  const corrected = await artist.request.fetch(fillPath(setTrackSound.path, { trackId: a }), {
    method: setTrackSound.method,
    data: DIG,
  });
  expect(corrected.ok()).toBe(true);

  // A free artist is shown the way to the plan that has tests, and takes it.
  let panel = await openHooks(artist, `Night Bus radio ${tag}`);
  await expect(panel.getByText(AB_TEST_MESSAGES.proOnly)).toBeVisible();
  await scan(artist, 'A/B test set-up, free plan');
  await panel.getByRole('link', { name: 'See the plans' }).click();
  await expect(artist).toHaveURL(/\/artist-subscription$/);
  await artist.goto('/profile');
  await artist.getByRole('button', { name: UPGRADE_MESSAGES.modalTitle }).click();
  await artist
    .getByRole('dialog', { name: UPGRADE_MESSAGES.modalTitle })
    .getByRole('button', { name: 'Start Free Trial' })
    .click();
  await payWith(artist, '4242424242424242');
  await expect(artist).toHaveURL(/\/profile\?upgrade=success$/);

  // On the trial: version B is the artist's other upload, the cap is checked before it is sent.
  panel = await openHooks(artist, `Night Bus radio ${tag}`);
  const form = panel.getByRole('button', { name: 'Start test' });
  await expect(form).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Version B' })).toContainText(
    `Night Bus long intro ${tag}`,
  );
  const cap = panel.getByRole('textbox', { name: /Cap/ });
  await cap.fill('20');
  await form.click();
  await expect(panel.getByText(AB_TEST_MESSAGES.capOutOfRange)).toBeVisible();
  expect((await readTest(artist.request, a)).test).toBeNull();
  await cap.fill('50');
  await scan(artist, 'A/B test set-up');
  await form.click();
  await expect(panel.getByText(/Running since/)).toBeVisible();
  await expect(panel.getByText(AB_TEST_MESSAGES.notEnoughListeners).first()).toBeVisible();
  await scan(artist, 'A/B test running below the floor');

  // Blind listeners until each version has its five: no listener is told which they heard.
  const heard = { a: 0, b: 0 };
  for (let i = 0; i < 40 && (heard.a < HOOKS.minListeners || heard.b < HOOKS.minListeners); i++) {
    const context = await browser.newContext();
    await signUp(context.request, 'listener', unique('abl'));
    heard[await hearAndRate(context.request)] += 1;
    await context.close();
  }
  const view = await readTest(artist.request, a);
  expect(view.test?.a?.listeners).toBe(heard.a - (heard.a % HOOKS.minListeners));
  expect(view.test?.b?.listeners).toBe(heard.b - (heard.b % HOOKS.minListeners));
  expect(view.test?.a?.likeRate).toBe(0);
  expect(view.test?.b?.likeRate).toBe(1);
  // Five each is far from the cap: the rule's bar is still above what B has.
  expect(view.test?.status).toBe('running');
  expect(view.test?.probabilityBBeatsA).toBeGreaterThan(0.99);

  panel = await openHooks(artist, `Night Bus radio ${tag}`);
  const versionB = panel.getByRole('region', { name: 'Version B' });
  await expect(versionB.getByText('100%').first()).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Version A' }).getByText('0%').first()).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Probability that B beats A' })).toContainText(/99/);
  await expect(panel.getByRole('region', { name: 'Skip curves' })).toBeVisible();
  await scan(artist, 'A/B test comparison');

  const csv = await callEntry(artist.request, hooksEndpoints.trackAbTestCsv, { params: { trackId: a } });
  expect(csv.ok()).toBe(true);
  expect(await csv.text()).toContain('b,like_rate,1.0000');

  // Stopping asks first, and keeps version A.
  await panel.getByRole('button', { name: 'Stop test' }).click();
  const confirm = artist.getByRole('dialog', { name: 'Stop this test?' });
  await expect(confirm).toBeVisible();
  await scan(artist, 'stop the A/B test?');
  await confirm.getByRole('button', { name: 'Stop test' }).click();
  await expect(panel.getByText(/Stopped/)).toBeVisible();
  expect((await readTest(artist.request, a)).test?.status).toBe('stopped');
  await expect(panel.getByRole('heading', { name: 'Start another test' })).toBeVisible();
  await scan(artist, 'A/B test stopped');
});
