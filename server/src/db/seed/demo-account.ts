import { DEMO_ACCOUNT } from '@klang/domain';
import type { SeedArtist, SeedTrack } from './catalogue';
import { createMusicParams } from '../../lib/music/compose-params';

/**
 * The shared demo account: an artist on the Pro tier with a few tracks of its own, so a visitor
 * exploring the artist side sees a lived-in profile. Its credentials are public (/demo-login);
 * the server restricts what it may change.
 */
export const DEMO_ARTIST: SeedArtist = {
  key: 'klang-demo',
  username: DEMO_ACCOUNT.username,
  artistName: DEMO_ACCOUNT.artistName,
  bio: 'The demo account of Klang. Look around the artist side: profile, tracks, charts and the Klang Kit.',
  instagram: null,
  website: null,
  email: DEMO_ACCOUNT.email,
  tier: 'pro',
  goldBadge: false,
  artistUrl: 'klang-demo',
  avatar: { hue: 356, motif: 'rings' },
};

export const DEMO_ARTIST_TRACKS: readonly SeedTrack[] = [
  {
    key: 'demo-first-light',
    artistKey: DEMO_ARTIST.key,
    title: 'First Light Protocol',
    genre: 'Minimal / Deep Tech',
    label: 'Unsigned',
    featured: false,
    uploadedDaysAgo: 9,
    music: createMusicParams({
      seed: 'demo-first-light',
      style: 'minimal',
      bpm: 123,
      key: 'E',
      scale: 'minor',
      durationSeconds: 45,
      arrangement: 'early-drop',
      bass: 'rubber',
      chords: 'dub',
      lead: 'pluck',
    }),
  },
  {
    key: 'demo-open-studio',
    artistKey: DEMO_ARTIST.key,
    title: 'Open Studio',
    genre: 'House / Tech House',
    label: 'Unsigned',
    featured: false,
    uploadedDaysAgo: 30,
    music: createMusicParams({
      seed: 'demo-open-studio',
      style: 'house',
      bpm: 122,
      key: 'A',
      scale: 'dorian',
      durationSeconds: 40,
      arrangement: 'classic',
      bass: 'pluck',
      chords: 'keys',
      lead: 'none',
    }),
  },
];
