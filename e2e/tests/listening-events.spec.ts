import type { Page, Request } from '@playwright/test';
import { PLAYER_MESSAGES, playerEndpoints } from '@klang/domain';
import { expect, test } from '../support/fixtures';
import { likeFirstTrack, revealCard, signUpListener } from '../support/listener';
import { matchEntry } from '../support/contract';

/**
 * The deal as a listening event (decision 0190), as the browser reports it: a skip says where it
 * happened, and a blind track left for another origin is reported as left, where it was.
 * (Leaving the page sends the same report with `keepalive`; Playwright does not see requests of
 * a document being unloaded, so that path is covered by the store's unit test.)
 */
interface Report {
  action: string;
  alias: string;
  positionMs: unknown;
  request: Request;
}

function recordReports(page: Page): Report[] {
  const reports: Report[] = [];
  page.on('request', (request) => {
    for (const [action, entry] of [
      ['dislike', playerEndpoints.dislikeTrack],
      ['leave', playerEndpoints.leaveTrack],
    ] as const) {
      const alias = matchEntry(entry, request)?.trackId;
      if (alias === undefined) continue;
      const body = request.postDataJSON() as { positionMs?: unknown } | null;
      reports.push({ action, alias, positionMs: body?.positionMs, request });
    }
  });
  return reports;
}

/** Waits until the Discover track's slider reads `seconds` (rounded, as the slider shows it). */
async function playedFor(page: Page, seconds: number): Promise<void> {
  const scrubber = page.getByRole('slider', { name: 'Playback position' });
  await expect
    .poll(async () => Number(await scrubber.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(seconds);
}

test('a skip reports where it happened', async ({ page, screens }) => {
  await signUpListener(page, 'ls');
  await screens.visit('/player');
  const reports = recordReports(page);
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  // The slider's value is rounded: 3 means at least 2.5 s played.
  await playedFor(page, 3);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => reports.length).toBe(1);
  const [skip] = reports;
  expect(skip?.action).toBe('dislike');
  expect(skip?.positionMs).toBeGreaterThanOrEqual(2000);
  expect(skip?.positionMs).toBeLessThan(60_000);
  expect((await skip?.request.response())?.status()).toBe(200);
});

test('a blind track left for the library is reported as left, where it was', async ({ page }) => {
  await signUpListener(page, 'll');
  const liked = await likeFirstTrack(page);
  await revealCard(page).getByRole('button', { name: 'Add', exact: true }).click();
  await expect(revealCard(page).getByRole('button', { name: 'Added' })).toBeVisible();
  const reports = recordReports(page);
  await revealCard(page).getByRole('button', { name: 'Next' }).click();
  await expect(revealCard(page)).toHaveCount(0);
  await playedFor(page, 3);

  await page.getByRole('navigation').getByRole('link', { name: 'Library' }).click();
  const library = page.getByRole('list', { name: 'Your library' });
  await library.getByRole('button', { name: `Play ${liked.title}` }).click();
  await expect(library.getByRole('button', { name: `Pause ${liked.title}` })).toBeVisible();
  await expect.poll(() => reports.length).toBe(1);
  const [leave] = reports;
  expect(leave?.action).toBe('leave');
  expect(leave?.positionMs).toBeGreaterThanOrEqual(2000);
  expect((await leave?.request.response())?.status()).toBe(204);
});
