import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerApi } from '../api/player-api';
import { getAudioElement } from '../audio/audio-engine';
import { useListQueueStore, type PlayableListedTrack } from '../list-queue';
import { usePlayerStore } from '../player-store';
import { useListQueue } from './use-list-queue';

const track = (n: number): PlayableListedTrack => ({
  id: `6f1d2c3b-0000-4000-8000-00000000000${String(n)}`,
  title: `Track ${String(n)}`,
  artist: 'Night Signals',
  artistId: 'a1',
  coverUrl: null,
  durationMs: 90_000,
});

describe('the play-all queue', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    usePlayerStore.getState().clear();
    useListQueueStore.getState().clear();
  });

  function startAt(first: PlayableListedTrack, origin: 'library' | 'charts' | 'player') {
    usePlayerStore.getState().setCurrentTrack({ id: first.id, durationMs: first.durationMs }, origin);
  }

  it('starts the next track of the list when one ends, on whatever screen', async () => {
    vi.spyOn(getAudioElement(), 'play').mockResolvedValue(undefined);
    const secureUrl = vi.spyOn(playerApi, 'secureUrl').mockResolvedValue({
      url: '/media/renditions/x.mp3?exp=9999999999&sig=s',
      expiresAt: Date.now() + 600_000,
    });
    const [first, second, third] = [track(1), track(2), track(3)];
    useListQueueStore.getState().start('library', [first, second, third]);
    startAt(first, 'library');
    renderHook(useListQueue);

    getAudioElement().dispatchEvent(new Event('ended'));
    await waitFor(() => {
      expect(usePlayerStore.getState().currentTrack?.id).toBe(second.id);
    });
    expect(usePlayerStore.getState().revealed?.title).toBe('Track 2');
    expect(secureUrl).toHaveBeenCalledWith(second.id, expect.anything());

    // The last track ends: the run is over.
    startAt(third, 'library');
    getAudioElement().dispatchEvent(new Event('ended'));
    expect(useListQueueStore.getState().queue).toBeNull();
    expect(usePlayerStore.getState().currentTrack?.id).toBe(third.id);
  });

  it('lets go once Discover has taken over the player', () => {
    const secureUrl = vi.spyOn(playerApi, 'secureUrl');
    const [first, second] = [track(1), track(2)];
    useListQueueStore.getState().start('library', [first, second]);
    startAt(first, 'player');
    renderHook(useListQueue);
    getAudioElement().dispatchEvent(new Event('ended'));
    expect(useListQueueStore.getState().queue).toBeNull();
    expect(secureUrl).not.toHaveBeenCalled();
  });
});
