import type { Page } from '@playwright/test';
import { accountsEndpoints, PLAYER_MESSAGES, playerEndpoints } from '@klang/domain';
import { callEntry } from './contract';
import { expect } from './fixtures';

/** A new listener, signed in through the API so the journey starts where the test wants it. */
export async function signUpListener(page: Page, tag: string): Promise<{ username: string }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `disc${tag}${suffix}`.slice(0, 30);
  const res = await page.request.fetch(accountsEndpoints.signupListener.path, {
    method: accountsEndpoints.signupListener.method,
    data: { username, email: `disc-${tag}-${suffix}@example.com`, password: 'secret-pass' },
  });
  expect(res.status()).toBe(201);
  return { username };
}

/** Deals and likes every featured track through the API, so the deck has nothing left to deal. */
export async function hearEverything(page: Page): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const next = (await (await callEntry(page.request, playerEndpoints.nextTrack)).json()) as {
      state: string;
      track?: { id: string };
    };
    if (next.state !== 'track') break;
    const trackId = next.track?.id ?? '';
    await callEntry(page.request, playerEndpoints.secureTrackAccess, { data: { trackId } });
    await callEntry(page.request, playerEndpoints.likeTrack, {
      params: { trackId },
      data: { addToLibrary: false },
    });
  }
}

export const revealCard = (page: Page) => page.getByRole('region', { name: 'Revealed track' });

/**
 * Starts Discover and likes tracks until one is in `genres` (any genre when not given); returns
 * what the reveal card of that one shows.
 */
export async function likeFirstTrack(
  page: Page,
  genres?: readonly string[],
): Promise<{ title: string; artist: string; genre: string }> {
  await page.goto('/player');
  await page.getByRole('button', { name: PLAYER_MESSAGES.discoverMusic }).click();
  const card = revealCard(page);
  for (let attempt = 0; attempt < 20; attempt++) {
    // A like earns points only for audio the server sent (decision 0244): like once it plays.
    const position = page.getByRole('slider', { name: 'Playback position' });
    await expect(position).toBeVisible();
    await expect(position).not.toHaveAttribute('aria-valuenow', '0');
    await page.getByRole('button', { name: 'Like' }).click();
    await expect(card).toBeVisible();
    const title = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
    const artist = (await card.getByRole('link').first().textContent()) ?? '';
    const meta = (await card.getByText(/followers? ·/).textContent()) ?? '';
    const genre = meta.split('·').pop()?.trim() ?? '';
    if (!genres || genres.includes(genre)) return { title, artist: artist.trim(), genre };
    await card.getByRole('button', { name: 'Next' }).click();
    await expect(card).toHaveCount(0);
  }
  throw new Error(`no track in ${(genres ?? []).join(', ')} came up in Discover`);
}
