import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { createQueryClient } from '../../../lib/query-client';
import { usePlayerStore } from '../player-store';
import { useBlindChartPlay } from './use-blind-chart-play';

const calls = vi.hoisted(() => ({ chartDeal: vi.fn(), playTrack: vi.fn() }));
vi.mock('../api/player-api', () => ({ playerApi: { chartDeal: calls.chartDeal } }));
vi.mock('../audio/audio-engine', () => ({ playTrack: calls.playTrack }));

/** The deal the next chartDeal call answers, when the test says so. */
function dealAnsweredLater(): (value: unknown) => void {
  let answer!: (value: unknown) => void;
  calls.chartDeal.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  calls.playTrack.mockResolvedValue(undefined);
  return answer;
}

function renderChartPlay() {
  // The app's own client: its policy is what keeps a deal from being retried.
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBlindChartPlay(), { wrapper });
}

describe('a chart row played blind (decision 0288)', () => {
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
    usePlayerStore.getState().reset();
  });

  it('deals once, shows the place being dealt, then plays the alias from the charts', async () => {
    const answer = dealAnsweredLater();
    const { result } = renderChartPlay();
    act(() => {
      void result.current.play('House', 3);
    });
    await waitFor(() => {
      expect(result.current.pending).toBe(3);
    });
    answer({ track: { id: 'alias-1', durationMs: 1000 } });
    await waitFor(() => {
      expect(result.current.pending).toBeNull();
    });
    expect(calls.chartDeal).toHaveBeenCalledExactlyOnceWith('House', 3);
    expect(calls.playTrack).toHaveBeenCalledExactlyOnceWith('alias-1');
    expect(usePlayerStore.getState().trackOrigin).toBe('charts');
    expect(result.current.error).toBeNull();
  });

  it('deals once for a double tap, both taps landing before the next render', async () => {
    const answer = dealAnsweredLater();
    const { result } = renderChartPlay();
    act(() => {
      void result.current.play('House', 3);
      void result.current.play('House', 3);
    });
    answer({ track: { id: 'alias-1', durationMs: 1000 } });
    await waitFor(() => {
      expect(calls.playTrack).toHaveBeenCalledOnce();
    });
    expect(calls.chartDeal).toHaveBeenCalledOnce();
    // Once answered, a tap deals again: the guard holds only while a deal is on its way.
    calls.chartDeal.mockResolvedValue({ track: { id: 'alias-2', durationMs: 1000 } });
    await act(() => result.current.play('House', 4));
    expect(calls.chartDeal).toHaveBeenCalledTimes(2);
  });

  it('never retries a failed deal, even one a retry might have fixed, and says why it failed', async () => {
    calls.chartDeal.mockRejectedValue(
      new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'Try later' }),
    );
    const { result } = renderChartPlay();
    await act(() => result.current.play('House', 1));
    // The observer hears of the failure on the query client's next tick, not with the promise.
    await waitFor(() => {
      expect(result.current.error).toBe('Try later');
    });
    expect(calls.chartDeal).toHaveBeenCalledOnce();
    expect(calls.playTrack).not.toHaveBeenCalled();
  });
});
