import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PLAYER_MESSAGES } from '@klang/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster, preloadToaster } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { createQueryClient } from '../../../lib/query-client';
import { playerApi } from '../api/player-api';
import { usePlayerStore } from '../player-store';
import { setServerChangeHandler } from '../server-changes';
import { revealOf } from '../test-reveal';
import { BlindLikeButton } from './now-playing';

type NowPlaying = Parameters<typeof BlindLikeButton>[0]['nowPlaying'];

const ALIAS = '6f1d2c3b-0000-4000-8000-000000000001';
/** A track played blind from a chart: only what the button reads. */
const blindChartPlay = {
  track: { id: ALIAS, durationMs: 60_000 },
  isBlindChartPlay: true,
} as unknown as NowPlaying;

describe('the blind like of a chart play', () => {
  // The toasts' rendering is a lazy chunk (decision 0112); fetched first, it renders at once.
  beforeAll(preloadToaster);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows why a like failed where the listener sees it, not only in a tooltip', async () => {
    const refused = 'Too many likes at once. Try again in a minute.';
    vi.spyOn(playerApi, 'like').mockRejectedValue(
      new ApiError({ status: 429, code: 'RATE_LIMITED', message: refused }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BlindLikeButton nowPlaying={blindChartPlay} />
        <Toaster />
      </QueryClientProvider>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: PLAYER_MESSAGES.likeToReveal }));
      await Promise.resolve();
    });
    expect(await screen.findByText(refused)).toBeTruthy();
    expect(screen.getByRole('button', { name: PLAYER_MESSAGES.likeToReveal })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('records the like once, names the track it revealed and tells the queries what changed', async () => {
    const changed = vi.fn();
    setServerChangeHandler(changed);
    let answer!: (reveal: ReturnType<typeof revealOf>) => void;
    const like = vi.spyOn(playerApi, 'like').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    usePlayerStore.getState().setCurrentTrack({ id: ALIAS, durationMs: 60_000 }, 'charts');
    try {
      render(
        <QueryClientProvider client={createQueryClient()}>
          <BlindLikeButton nowPlaying={blindChartPlay} />
        </QueryClientProvider>,
      );
      const button = screen.getByRole('button', { name: PLAYER_MESSAGES.likeToReveal });
      fireEvent.click(button);
      await waitFor(() => {
        expect(button).toHaveProperty('disabled', true);
      });
      expect(like).toHaveBeenCalledExactlyOnceWith(ALIAS, false, 0);
      await act(async () => {
        answer(revealOf(ALIAS, 6));
        await Promise.resolve();
      });
      await waitFor(() => {
        expect(usePlayerStore.getState().revealed?.title).toBe('Tidal Lock');
      });
      expect(changed).toHaveBeenCalledExactlyOnceWith(['likes', 'points', 'taste']);
      await waitFor(() => {
        expect(button).toHaveProperty('disabled', false);
      });
    } finally {
      setServerChangeHandler(() => undefined);
      usePlayerStore.getState().clear();
    }
  });
});
