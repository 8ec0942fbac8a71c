import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  BLIND_NOTES,
  BLIND_NOTES_MESSAGES,
  HOOKS,
  nextTrackResponseSchema,
  PLAYER_MESSAGES,
  playerEndpoints,
  secureTrackAccessResponseSchema,
  SKIP_REASON_LABELS,
  type SkipReason,
} from '@klang/domain';
import { expect, scan, test } from '../support/fixtures';
import { callEntry, matchEntry } from '../support/contract';
import {
  likeAll,
  readHooks as readArtistHooks,
  setFeatured,
  signUp,
  unique,
  uploadReadyTrack,
} from '../support/hearing';

/**
 * Hears the artist's track (the deck's one candidate) through the API as the player would, marks
 * a moment in it, skips it and, when given, says why: one note-giving listener of Blind Notes.
 */
async function skipWithNotes(
  request: APIRequestContext,
  reason: SkipReason | null,
  { withMoment = reason !== null } = {},
): Promise<void> {
  const next = nextTrackResponseSchema.parse(
    await (await callEntry(request, playerEndpoints.nextTrack)).json(),
  );
  if (next.state !== 'track') throw new Error(`expected the artist's track, got ${next.state}`);
  const alias = next.track.id;
  const access = await callEntry(request, playerEndpoints.secureTrackAccess, { data: { trackId: alias } });
  const { signedUrl } = secureTrackAccessResponseSchema.parse(await access.json());
  // Only a served deal is a hearing (decision 0244), and a moment needs a position it served.
  expect((await request.get(signedUrl ?? '', { headers: { range: 'bytes=0-1023' } })).status()).toBe(206);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  if (withMoment) {
    const moment = await callEntry(request, playerEndpoints.markMoment, {
      params: { trackId: alias },
      data: { positionMs: 1_000 },
    });
    expect(moment.status()).toBe(200);
  }
  expect(
    (await callEntry(request, playerEndpoints.dislikeTrack, { params: { trackId: alias }, data: {} })).ok(),
  ).toBe(true);
  if (reason) {
    const note = await callEntry(request, playerEndpoints.skipReason, {
      params: { trackId: alias },
      data: { reason },
    });
    expect(note.status()).toBe(200);
  }
}

async function openHooks(artist: Page) {
  await artist.goto('/dashboard');
  await artist.getByRole('tab', { name: 'Hooks' }).click();
  return artist.getByRole('tabpanel', { name: 'Hooks' });
}

test('a blind listener marks a moment, skips and says why; the artist reads Blind Notes once five listeners left one', async ({
  page,
  browser,
}, testInfo) => {
  // Every listener confirms their email, so the verdict trusts them (decisions 0255, 0257), and
  // has liked the rest of the deck first, so the artist's track is the one they are dealt.
  test.setTimeout(420_000);
  const artistContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const artist = await artistContext.newPage();
  await signUp(artist.request, 'artist', unique(`bn${testInfo.project.name.slice(0, 1)}`));
  const trackId = await uploadReadyTrack(artist.request, 'Moment Hook', 'Drum n Bass');
  const readHooks = () => readArtistHooks(artist.request, trackId);

  await setFeatured(artist.request, trackId, false);
  const others: BrowserContext[] = [];
  for (let i = 0; i < 6; i++) {
    const context = await browser.newContext();
    await signUp(context.request, 'listener', unique('bn'));
    await likeAll(context.request);
    others.push(context);
  }
  await signUp(page.request, 'listener', unique('bnui'));
  await likeAll(page.request);
  await setFeatured(artist.request, trackId, true);

  const other = (i: number): BrowserContext => {
    const context = others[i];
    if (!context) throw new Error(`no listener ${String(i)}`);
    return context;
  };
  // Three listeners leave notes and two skip without one: the hooks pass their floor, the notes
  // not yet, and the artist is told in one line.
  const reasons: (SkipReason | null)[] = ['intro-too-long', 'vocals', 'too-slow', null, null];
  for (const [i, reason] of reasons.entries()) {
    await skipWithNotes(other(i).request, reason);
    await other(i).close();
  }
  const before = await readHooks();
  if (before.status !== 'ready') throw new Error('five listeners should pass the hooks floor');
  expect(before.blindNotes).toBeNull();
  let panel = await openHooks(artist);
  await expect(
    panel.getByText(
      `Blind Notes appear once ${String(HOOKS.minListeners)} different listeners have left one.`,
    ),
  ).toBeVisible();

  // The sixth hears it in Discover.
  const sent: { entry: string; trackId: string; body: unknown }[] = [];
  page.on('request', (request) => {
    for (const [entry, endpoint] of Object.entries({
      moment: playerEndpoints.markMoment,
      skip: playerEndpoints.dislikeTrack,
      reason: playerEndpoints.skipReason,
    })) {
      const params = matchEntry(endpoint, request);
      if (params?.trackId) sent.push({ entry, trackId: params.trackId, body: request.postDataJSON() });
    }
  });
  await page.goto('/player');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  const position = page.getByRole('slider', { name: 'Playback position' });
  await expect(position).not.toHaveAttribute('aria-valuenow', '0');

  // "This moment" marks where the track is; it is not a like, and the track stays blind.
  await page.getByRole('button', { name: /^This moment/ }).click();
  const marked = page.getByRole('button', { name: /^Marked \d:\d\d/ });
  await expect(marked).toBeVisible();
  await expect(marked).toContainText(`1 of ${String(BLIND_NOTES.momentsPerDeal)} marked`);
  await expect(page.getByText('****')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  // A second mark right beside it is refused, and the listener reads why.
  await marked.click();
  await expect(page.getByText(BLIND_NOTES_MESSAGES.momentTooClose)).toBeVisible();
  await scan(page, 'discover with a marked moment');

  // The skip asks why, below the controls; the deck has nothing left, so it asks on the end screen.
  await page.getByRole('button', { name: 'Skip' }).click();
  const strip = page.getByRole('group', { name: 'Why skip?' });
  await expect(strip).toBeVisible();
  await expect(strip.getByRole('button')).toHaveCount(7);
  await scan(page, 'the why-skip strip');
  await strip.getByRole('button', { name: SKIP_REASON_LABELS['intro-too-long'] }).click();
  await expect(strip).toHaveCount(0);
  const thanks = page.getByTestId('skip-reason-note');
  await expect(thanks).toContainText('Thanks, noted');
  // The day's second note earns its points (the moment was the first).
  await expect(thanks).toContainText(`+${String(BLIND_NOTES.points)} K-Points`);
  const alias = sent.find((s) => s.entry === 'skip')?.trackId;
  expect(alias).toBeTruthy();
  expect(sent.filter((s) => s.entry === 'moment').map((s) => s.trackId)).toEqual([alias, alias]);
  expect(sent.filter((s) => s.entry === 'reason')).toEqual([
    { entry: 'reason', trackId: alias, body: { reason: 'intro-too-long' } },
  ]);

  // The UI listener was the fourth to leave notes. The notes' figures are a snapshot taken as the
  // fifth note-giving listener's first note arrives (no read differs by one listener's notes): the
  // fifth gives only a reason, so the snapshot holds it, and the UI listener's moment and reason.
  const fourth = await readHooks();
  if (fourth.status !== 'ready') throw new Error('the hooks stay past their floor');
  expect(fourth.blindNotes).toBeNull();
  await skipWithNotes(other(5).request, 'intro-too-long', { withMoment: false });
  await other(5).close();
  const after = await readHooks();
  if (after.status !== 'ready' || !after.blindNotes) throw new Error('five note-givers pass the floor');
  expect(after.blindNotes.listeners).toBe(HOOKS.minListeners);
  expect(after.blindNotes.reasons).toEqual([
    { reason: 'intro-too-long', notes: 3 },
    { reason: 'not-my-style', notes: 0 },
    { reason: 'mix-or-sound', notes: 0 },
    { reason: 'vocals', notes: 1 },
    { reason: 'too-slow', notes: 1 },
    { reason: 'too-fast', notes: 0 },
  ]);
  expect(after.blindNotes.moments).toHaveLength(HOOKS.curveSteps + 1);
  expect(after.blindNotes.moments.reduce((sum, m) => sum + m.notes, 0)).toBe(4);

  panel = await openHooks(artist);
  await expect(panel.getByText(`Based on ${String(HOOKS.minListeners)} listeners' notes`)).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Moment map' })).toBeVisible();
  // An uploaded track has its waveform: the map is drawn over it.
  await expect(panel.getByText("The track's waveform")).toBeVisible();
  await panel.getByText('Show the notes as tables').click();
  const reasonTable = panel.getByRole('table', { name: 'Skip reasons' });
  await expect(reasonTable.getByRole('row', { name: 'Intro too long 3' })).toBeVisible();
  await expect(reasonTable.getByRole('row', { name: 'Vocals 1' })).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Moment map' }).getByRole('row')).toHaveCount(
    HOOKS.curveSteps + 2,
  );
  await scan(artist, 'hooks with Blind Notes');
  await artistContext.close();
});
