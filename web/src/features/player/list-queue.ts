import { create } from 'zustand';
import type { TrackOrigin } from './player-store';

/** A track a list may play: one the listener liked, so its name is theirs to see. */
export interface PlayableListedTrack {
  id: string;
  title: string;
  artist: string;
  artistId: string;
  coverUrl: string | null;
  durationMs: number | null;
}

export type ListOrigin = Exclude<TrackOrigin, 'player'>;

interface ListQueueState {
  /** The list a play-all started, and where from; null when none is playing through. */
  queue: { origin: ListOrigin; tracks: readonly PlayableListedTrack[] } | null;
  start: (origin: ListOrigin, tracks: readonly PlayableListedTrack[]) => void;
  clear: () => void;
}

/**
 * The library's play-all, held by the player rather than the screen: the next liked track starts
 * when one ends wherever the listener has gone meanwhile (`useListQueue` in the app layout).
 * Not persisted: a reload plays the track it stopped on, not a list the listener may have left.
 */
export const useListQueueStore = create<ListQueueState>()((set) => ({
  queue: null,
  start: (origin, tracks) => {
    set({ queue: { origin, tracks } });
  },
  clear: () => {
    set({ queue: null });
  },
}));

/**
 * The track after `currentId` in the queue, when the player is still on the queue's list:
 * null at its end, or when another list or Discover has taken over the player since.
 */
export function nextInQueue(
  queue: ListQueueState['queue'],
  current: { id: string | null; origin: TrackOrigin | null },
): PlayableListedTrack | null {
  if (current.origin !== queue?.origin || current.id === null) return null;
  const index = queue.tracks.findIndex((track) => track.id === current.id);
  return index >= 0 ? (queue.tracks[index + 1] ?? null) : null;
}
