import { useEffect } from 'react';
import { getAudioElement } from '../audio/audio-engine';
import { nextInQueue, useListQueueStore } from '../list-queue';
import { usePlayerStore } from '../player-store';
import { playListedTrack } from './use-list-playback';

/**
 * Plays a play-all through, on every app screen (mounted once, in the app layout): when a track of
 * the queue ends, the next one starts; at the end of the list, or once another list or Discover
 * has taken over the player, the queue is dropped.
 */
export function useListQueue(): void {
  useEffect(() => {
    const audio = getAudioElement();
    const onEnded = () => {
      const { queue, clear } = useListQueueStore.getState();
      const player = usePlayerStore.getState();
      const next = nextInQueue(queue, { id: player.currentTrack?.id ?? null, origin: player.trackOrigin });
      if (!next || !queue) {
        clear();
        return;
      }
      // A track that cannot play now (its URL refused) ends the run quietly; the list shows why.
      playListedTrack(next, queue.origin).catch(clear);
    };
    audio.addEventListener('ended', onEnded);
    return () => {
      audio.removeEventListener('ended', onEnded);
    };
  }, []);
}
