import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { catalogueKeys } from '../../features/catalogue/api/catalogue-api';
import { loyaltyKeys } from '../../features/loyalty/api/loyalty-api';
import { playerApi } from '../../features/player/api/player-api';
import { playerKeys } from '../../features/player/api/player-keys';
import { blindNotes } from '../../features/player/blind-notes-store';
import { discover } from '../../features/player/discover-store';
import { usePlayerStore } from '../../features/player/player-store';
import { announceChanges, setServerChangeHandler } from '../../features/player/server-changes';
import { stubPlayback } from '../../features/player/test-playback';
import { revealOf } from '../../features/player/test-reveal';
import { usePlayerQuerySync } from './player-query-sync';

const TRACK = { id: '6f1d2c3b-0000-4000-8000-000000000001', durationMs: 60_000 };
const HELD: Record<string, QueryKey> = {
  library: catalogueKeys.library(),
  follows: catalogueKeys.follows(),
  chart: catalogueKeys.chart('House'),
  points: loyaltyKeys.card,
  taste: playerKeys.taste(),
};

/** The held queries a command left stale, by name. */
function staleOf(client: QueryClient): string[] {
  return Object.entries(HELD)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe("the player's commands and the queries that hold what they change", () => {
  let client: QueryClient;
  let layout: { unmount: () => void };

  beforeEach(() => {
    stubPlayback();
    client = new QueryClient();
    for (const key of Object.values(HELD)) client.setQueryData(key, {});
    // As the signed-in layout wires it (app-layout.tsx).
    layout = renderHook(usePlayerQuerySync, {
      wrapper: ({ children }: { children: ReactNode }) =>
        createElement(QueryClientProvider, { client }, children),
    });
    vi.spyOn(playerApi, 'next').mockResolvedValue({ state: 'track', track: TRACK, tuned: false });
    vi.spyOn(playerApi, 'leave').mockResolvedValue(undefined);
  });
  afterEach(() => {
    cleanup();
    setServerChangeHandler(() => undefined);
    vi.restoreAllMocks();
    usePlayerStore.getState().clear();
    blindNotes.forget();
  });

  it('refreshes nothing once the signed-in layout is gone (a command answered after sign-out)', () => {
    announceChanges('points');
    expect(staleOf(client)).toEqual(['points']);
    client.setQueryData(loyaltyKeys.card, {});
    layout.unmount();
    announceChanges('library', 'points');
    expect(staleOf(client)).toEqual([]);
  });

  it('a like leaves the catalogue, the points and the taste to be read again', async () => {
    vi.spyOn(playerApi, 'like').mockResolvedValue(revealOf(TRACK.id, 6));
    await discover.start();
    await discover.like();
    expect(staleOf(client)).toEqual(['chart', 'follows', 'library', 'points', 'taste']);
  });

  it("the reveal card's library add leaves the library and the points; its follow the follows", async () => {
    vi.spyOn(playerApi, 'like')
      .mockResolvedValueOnce(revealOf(TRACK.id, 6))
      .mockResolvedValueOnce({ ...revealOf(TRACK.id, 5), addedToLibrary: true });
    vi.spyOn(playerApi, 'follow').mockResolvedValue({ isFollowing: true, followers: 4 });
    await discover.start();
    await discover.like();
    for (const key of Object.values(HELD)) client.setQueryData(key, {});

    await discover.toggleLibrary();
    expect(staleOf(client)).toEqual(['library', 'points']);
    for (const key of Object.values(HELD)) client.setQueryData(key, {});

    await discover.toggleFollow();
    expect(staleOf(client)).toContain('follows');
    expect(staleOf(client)).not.toContain('points');
  });

  it('a skip leaves the points and the taste; a refused like leaves everything as it was', async () => {
    vi.spyOn(playerApi, 'dislike').mockResolvedValue({ pointsAwarded: 1 });
    vi.spyOn(playerApi, 'like').mockRejectedValue(
      new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'Too many likes' }),
    );
    await discover.start();
    await discover.like();
    expect(staleOf(client)).toEqual([]);
    await discover.skip();
    expect(staleOf(client)).toEqual(['points', 'taste']);
  });

  it('a skip reason that earned points leaves the points to be read again', async () => {
    vi.spyOn(playerApi, 'skipReason').mockResolvedValue({ pointsAwarded: 2 });
    blindNotes.offerReason(TRACK.id);
    await blindNotes.giveReason('too-slow');
    expect(staleOf(client)).toEqual(['points']);
  });
});
