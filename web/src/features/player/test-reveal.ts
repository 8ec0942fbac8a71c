import type { Reveal } from '@klang/domain';

/** What a like of `trackId` reveals, for the player's tests: one artist, one track's name. */
export function revealOf(trackId: string, pointsAwarded: number): Reveal {
  return {
    track: {
      id: trackId,
      title: 'Tidal Lock',
      artist: 'Halden Marr',
      artistId: '6f1d2c3b-0000-4000-8000-0000000000aa',
      genre: 'Minimal / Deep Tech',
      label: 'Unsigned',
      coverUrl: '/media/covers/c.webp?exp=1&sig=s',
      sound: { bpm: 124, key: '4A', energy: 'mid' },
    },
    artist: {
      id: '6f1d2c3b-0000-4000-8000-0000000000aa',
      name: 'Halden Marr',
      imageUrl: null,
      goldBadge: false,
      followers: 3,
      isFollowing: false,
    },
    addedToLibrary: false,
    pointsAwarded,
  };
}
