import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAudioElement } from '../audio/audio-engine';
import { usePlayerStore } from '../player-store';
import { useListeningTimer } from './use-listening-timer';

function setPlaying(isPlaying: boolean) {
  const audio = getAudioElement();
  Object.defineProperty(audio, 'paused', { configurable: true, value: !isPlaying });
  Object.defineProperty(audio, 'readyState', { configurable: true, value: 4 });
}

describe('the listening timer', () => {
  const fetchMock = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify({ minutes_awarded: 1 }), { status: 200 })),
  );
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    usePlayerStore.setState({ accumulatedListeningTime: 0, trackOrigin: 'charts' });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends whole minutes for the charts once 60 s have gathered, keeping the rest', () => {
    setPlaying(true);
    renderHook(() => {
      useListeningTimer(true);
    });
    vi.advanceTimersByTime(30_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(usePlayerStore.getState().accumulatedListeningTime).toBe(30);
    vi.advanceTimersByTime(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ minutes_listened: 1 });
    expect(usePlayerStore.getState().accumulatedListeningTime).toBe(0);
  });

  it('only accumulates for Discover, and counts nothing while paused or signed out', () => {
    usePlayerStore.setState({ trackOrigin: 'player' });
    setPlaying(true);
    const { unmount } = renderHook(() => {
      useListeningTimer(true);
    });
    vi.advanceTimersByTime(120_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(usePlayerStore.getState().accumulatedListeningTime).toBe(120);
    setPlaying(false);
    vi.advanceTimersByTime(60_000);
    expect(usePlayerStore.getState().accumulatedListeningTime).toBe(120);
    unmount();
    setPlaying(true);
    renderHook(() => {
      useListeningTimer(false);
    });
    vi.advanceTimersByTime(60_000);
    expect(usePlayerStore.getState().accumulatedListeningTime).toBe(120);
  });
});
