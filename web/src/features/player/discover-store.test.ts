import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { createElement } from 'react';
import { FOLLOW_MESSAGES } from '@klang/domain';
import { Toaster, preloadToaster } from '../../components/ui/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { playerApi } from './api/player-api';
import { getAudioElement } from './audio/audio-engine';
import { clearSecureUrlCache } from './audio/secure-url-cache';
import { revealOf } from './test-reveal';
import { blindNotes, REASON_SHOWN_MS, useBlindNotesStore } from './blind-notes-store';
import { discover, useDiscoverStore } from './discover-store';
import { useDiscoverSkip } from './hooks/use-discover-skip';
import { usePlayerStore } from './player-store';
import { stubPlayback } from './test-playback';

const FIRST = { id: '6f1d2c3b-0000-4000-8000-000000000001', durationMs: 60_000 };
const SECOND = { id: '6f1d2c3b-0000-4000-8000-000000000002', durationMs: 60_000 };
const THIRD = { id: '6f1d2c3b-0000-4000-8000-000000000003', durationMs: 60_000 };

describe('the Discover flow store', () => {
  beforeEach(() => {
    stubPlayback();
  });
  afterEach(() => {
    // Unmounted here, a rendered Toaster takes no update after the file's jsdom is gone (Node 24
    // reported React work scheduled past the teardown).
    cleanup();
    vi.restoreAllMocks();
    usePlayerStore.getState().clear();
    blindNotes.forget();
  });

  it('skips from any screen only while the current track came from Discover', async () => {
    const next = vi
      .spyOn(playerApi, 'next')
      .mockResolvedValueOnce({ state: 'track', track: FIRST, tuned: false })
      .mockResolvedValue({ state: 'track', track: SECOND, tuned: false });
    const dislike = vi.spyOn(playerApi, 'dislike').mockResolvedValue({ pointsAwarded: 1 });
    const leave = vi.spyOn(playerApi, 'leave').mockResolvedValue(undefined);
    vi.spyOn(getAudioElement(), 'currentTime', 'get').mockReturnValue(12.3456);
    const { result } = renderHook(() => useDiscoverSkip());
    expect(result.current).toBeNull();

    await act(() => discover.start());
    expect(usePlayerStore.getState().currentTrack).toEqual(FIRST);
    expect(result.current).not.toBeNull();

    await act(async () => {
      result.current?.skip();
      await vi.waitFor(() => {
        expect(usePlayerStore.getState().currentTrack).toEqual(SECOND);
      });
    });
    // The skip says where it happened, in whole milliseconds (decision 0190).
    expect(dislike).toHaveBeenCalledWith(FIRST.id, 12_345);
    expect(next).toHaveBeenCalled();
    expect(result.current?.isBusy).toBe(false);

    // A chart track replaces the Discover one: there is nothing to skip, and the flow starts over.
    act(() => {
      usePlayerStore.getState().setCurrentTrack(FIRST, 'charts');
    });
    expect(result.current).toBeNull();
    expect(useDiscoverStore.getState().phase).toBe('start');
    // The Discover track it replaced was left unrated, where the element had it.
    expect(leave).toHaveBeenCalledExactlyOnceWith(SECOND.id, 12_345);
  });

  it('plays on by itself when a track ends, from the next deal armed while it played', async () => {
    vi.spyOn(playerApi, 'next')
      .mockResolvedValueOnce({ state: 'track', track: FIRST, tuned: false })
      .mockResolvedValue({ state: 'track', track: SECOND, tuned: false });
    const leave = vi.spyOn(playerApi, 'leave').mockResolvedValue(undefined);
    const dislike = vi.spyOn(playerApi, 'dislike');
    const secureUrl = vi.spyOn(playerApi, 'secureUrl');
    clearSecureUrlCache();
    await discover.start();
    // Armed before the end: the next deal's URL is fetched while the first track plays.
    await vi.waitFor(() => {
      expect(secureUrl).toHaveBeenCalledWith(SECOND.id, 'preload');
    });
    const asked = secureUrl.mock.calls.length;
    vi.spyOn(getAudioElement(), 'currentTime', 'get').mockReturnValue(60);

    getAudioElement().dispatchEvent(new Event('ended'));
    await vi.waitFor(() => {
      expect(usePlayerStore.getState().currentTrack).toEqual(SECOND);
    });
    // Left unrated where it ended, not skipped; and it plays without asking for a URL on a locked phone.
    expect(leave).toHaveBeenCalledExactlyOnceWith(FIRST.id, 60_000);
    expect(dislike).not.toHaveBeenCalled();
    expect(secureUrl).toHaveBeenCalledTimes(asked);
    expect(getAudioElement().src).toContain('/media/renditions/x.mp3');
  });

  it("shows a skip's points beside the Skip button for a moment, quick skips adding up", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    try {
      vi.spyOn(playerApi, 'next').mockResolvedValue({ state: 'track', track: FIRST, tuned: false });
      vi.spyOn(playerApi, 'leave').mockResolvedValue(undefined);
      vi.spyOn(playerApi, 'dislike').mockResolvedValue({ pointsAwarded: 1 });
      await discover.start();
      await discover.skip();
      expect(useDiscoverStore.getState().skipPoints?.points).toBe(1);
      vi.advanceTimersByTime(1_000);
      await discover.skip();
      expect(useDiscoverStore.getState().skipPoints?.points).toBe(2);
      vi.advanceTimersByTime(1_800);
      expect(useDiscoverStore.getState().skipPoints).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the next deals with surprise while it is on, and shows when the deck is tuned', async () => {
    const next = vi
      .spyOn(playerApi, 'next')
      .mockImplementation(async (_current, _filters, _mix, surprise) => ({
        state: 'track',
        track: surprise ? SECOND : FIRST,
        tuned: !surprise,
      }));
    vi.spyOn(playerApi, 'leave').mockResolvedValue(undefined);
    await discover.start();
    expect(useDiscoverStore.getState().isTuned).toBe(true);
    discover.surprise(true);
    expect(next).toHaveBeenLastCalledWith(FIRST.id, {}, null, true);
    expect(useDiscoverStore.getState().isSurprising).toBe(true);
    discover.surprise(false);
    expect(next).toHaveBeenLastCalledWith(FIRST.id, {}, null, false);
  });

  it('digs the next deals by the filters and mix mode, and deals again once a filter emptied the deck', async () => {
    // The deck: the first track unfiltered, nothing at 170–176 BPM, the second at 160–180.
    const next = vi
      .spyOn(playerApi, 'next')
      .mockImplementation(async (_current, filters) =>
        filters?.bpmMin === 170
          ? { state: 'filter-empty' }
          : { state: 'track', track: filters?.bpmMin === 160 ? SECOND : FIRST, tuned: false },
      );
    vi.spyOn(playerApi, 'leave').mockResolvedValue(undefined);
    vi.spyOn(playerApi, 'dislike').mockResolvedValue({ pointsAwarded: 1 });
    await discover.start();
    // The track playing plays on; the next deal is asked with the filters and mixes with it.
    await discover.dig({ bpmMin: 170, bpmMax: 176 }, true);
    expect(usePlayerStore.getState().currentTrack).toEqual(FIRST);
    expect(next).toHaveBeenLastCalledWith(FIRST.id, { bpmMin: 170, bpmMax: 176 }, FIRST.id, false);
    // Nothing matches: the skip lands on the filters' end state.
    await discover.skip();
    expect(useDiscoverStore.getState().phase).toBe('filter-empty');
    // Widening the filters deals again at once, and without mix mode there is nothing to mix with.
    await discover.dig({ bpmMin: 160, bpmMax: 180 }, false);
    expect(next).toHaveBeenCalledWith(null, { bpmMin: 160, bpmMax: 180 }, null, false);
    expect(usePlayerStore.getState().currentTrack).toEqual(SECOND);
    expect(useDiscoverStore.getState().phase).toBe('track');
    await discover.dig({}, false);
  });

  it('moves on when the track on screen is gone from the server, and stays on any other refusal', async () => {
    vi.spyOn(playerApi, 'next')
      .mockResolvedValueOnce({ state: 'track', track: FIRST, tuned: false })
      .mockResolvedValue({ state: 'track', track: SECOND, tuned: false });
    vi.spyOn(playerApi, 'leave').mockResolvedValue(undefined);
    const gone = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'This track is unavailable.' });
    const notServed = new ApiError({ status: 403, code: 'FORBIDDEN', message: 'Listen first.' });
    const dislike = vi.spyOn(playerApi, 'dislike').mockRejectedValueOnce(gone);
    await discover.start();

    await discover.skip();
    expect(usePlayerStore.getState().currentTrack).toEqual(SECOND);
    expect(useDiscoverStore.getState().error).toBeNull();

    dislike.mockRejectedValueOnce(notServed);
    await discover.skip();
    expect(usePlayerStore.getState().currentTrack).toEqual(SECOND);
    expect(useDiscoverStore.getState().error).toBe('Listen first.');
  });

  it('reports the track on screen as left when the page hides, unless it was liked', async () => {
    vi.spyOn(playerApi, 'next').mockResolvedValue({ state: 'track', track: FIRST, tuned: false });
    const leave = vi.spyOn(playerApi, 'leave').mockResolvedValue(undefined);
    const like = vi.spyOn(playerApi, 'like').mockResolvedValue(revealOf(FIRST.id, 6));
    vi.spyOn(getAudioElement(), 'currentTime', 'get').mockReturnValue(31.5);
    await discover.start();
    window.dispatchEvent(new Event('pagehide'));
    expect(leave).toHaveBeenCalledExactlyOnceWith(FIRST.id, 31_500);

    await discover.like();
    expect(like).toHaveBeenCalledWith(FIRST.id, false, 31_500);
    window.dispatchEvent(new Event('pagehide'));
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it("keeps the like's reveal and points, and names the liked track in the player store", async () => {
    vi.spyOn(playerApi, 'next').mockResolvedValue({ state: 'track', track: FIRST, tuned: false });
    vi.spyOn(playerApi, 'like')
      .mockResolvedValueOnce(revealOf(FIRST.id, 6))
      .mockResolvedValueOnce({ ...revealOf(FIRST.id, 5), addedToLibrary: true });
    await discover.start();
    await discover.like();
    expect(useDiscoverStore.getState().reveal?.pointsAwarded).toBe(6);
    expect(usePlayerStore.getState().revealed).toEqual({
      trackId: FIRST.id,
      title: 'Tidal Lock',
      artist: 'Halden Marr',
      artistId: '6f1d2c3b-0000-4000-8000-0000000000aa',
      coverUrl: '/media/covers/c.webp?exp=1&sig=s',
    });
    // Adding to the library earns its own points (a toast); the card still shows the like's.
    await discover.toggleLibrary();
    expect(useDiscoverStore.getState().reveal).toMatchObject({ addedToLibrary: true, pointsAwarded: 6 });
  });

  it('says what following means once the follow is made, and nothing on unfollow', async () => {
    await preloadToaster();
    render(createElement(Toaster));
    vi.spyOn(playerApi, 'next').mockResolvedValue({ state: 'track', track: FIRST, tuned: false });
    vi.spyOn(playerApi, 'like').mockResolvedValue(revealOf(FIRST.id, 6));
    vi.spyOn(playerApi, 'follow').mockResolvedValue({ isFollowing: true, followers: 4 });
    const unfollow = vi.spyOn(playerApi, 'unfollow').mockResolvedValue({ isFollowing: false, followers: 3 });
    await discover.start();
    await discover.like();
    await act(() => discover.toggleFollow());
    expect(useDiscoverStore.getState().reveal?.artist).toMatchObject({ isFollowing: true, followers: 4 });
    expect(await screen.findByText(FOLLOW_MESSAGES.following('Halden Marr'))).toBeDefined();
    expect(screen.getByText(FOLLOW_MESSAGES.firstDeal)).toBeDefined();
    await act(() => discover.toggleFollow());
    expect(unfollow).toHaveBeenCalledOnce();
    expect(screen.getAllByText(FOLLOW_MESSAGES.firstDeal)).toHaveLength(1);
  });

  it('asks why after a blind skip, of the skipped deal, while the next one plays; the next skip moves past it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    try {
      vi.spyOn(playerApi, 'next')
        .mockResolvedValueOnce({ state: 'track', track: FIRST, tuned: false })
        .mockResolvedValueOnce({ state: 'track', track: SECOND, tuned: false })
        .mockResolvedValue({ state: 'track', track: THIRD, tuned: false });
      vi.spyOn(playerApi, 'leave').mockResolvedValue(undefined);
      vi.spyOn(playerApi, 'dislike').mockResolvedValue({ pointsAwarded: 1 });
      await discover.start();
      expect(useBlindNotesStore.getState().reasonFor).toBeNull();

      await discover.skip();
      expect(usePlayerStore.getState().currentTrack).toEqual(SECOND);
      expect(useBlindNotesStore.getState().reasonFor?.alias).toBe(FIRST.id);

      // The next skip asks about its own deal instead.
      await discover.skip();
      expect(useBlindNotesStore.getState().reasonFor?.alias).toBe(SECOND.id);

      // Nobody answers: it goes by itself.
      vi.advanceTimersByTime(REASON_SHOWN_MS);
      expect(useBlindNotesStore.getState().reasonFor).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks nothing after skipping a liked track or a deal the server no longer knows', async () => {
    vi.spyOn(playerApi, 'next')
      .mockResolvedValueOnce({ state: 'track', track: FIRST, tuned: false })
      .mockResolvedValueOnce({ state: 'track', track: SECOND, tuned: false })
      .mockResolvedValue({ state: 'track', track: THIRD, tuned: false });
    vi.spyOn(playerApi, 'leave').mockResolvedValue(undefined);
    vi.spyOn(playerApi, 'like').mockResolvedValue(revealOf(FIRST.id, 6));
    const dislike = vi.spyOn(playerApi, 'dislike').mockResolvedValue({ pointsAwarded: 0 });
    await discover.start();
    await discover.like();
    await discover.skip();
    expect(usePlayerStore.getState().currentTrack).toEqual(SECOND);
    expect(useBlindNotesStore.getState().reasonFor).toBeNull();

    dislike.mockRejectedValueOnce(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Gone.' }));
    await discover.skip();
    expect(usePlayerStore.getState().currentTrack).toEqual(THIRD);
    expect(useBlindNotesStore.getState().reasonFor).toBeNull();
  });
});
