/**
 * The seed catalogue as typed data: artists, their tracks (with the music each one is synthesized
 * from), listener accounts for likes, and the landing page's demo tracks. Pure data; the DB insert
 * that consumes it lives beside it and owns ids, passwords and timestamps.
 */
import type { SubscriptionTier } from '@klang/domain';
import { SEED_ARTISTS } from './catalogue-artists';
import { SEED_DEMO_TRACKS, SEED_LISTENERS } from './catalogue-listeners';
import { SEED_TRACKS } from './catalogue-tracks';
import type { AvatarStyle } from '../../lib/art/avatar';
import type { CoverGenre } from '../../lib/art/palette';
import type { MusicParams } from '../../lib/music/music-params';

/** The genres the seed uses, each with the cover art's palette: the two active chart genres plus three inactive ones. */
export type SeedGenre = CoverGenre;

export interface SeedArtist {
  /** Stable slug other seed records refer to; also the avatar's seed. */
  key: string;
  username: string;
  artistName: string;
  bio: string;
  instagram: string | null;
  website: string | null;
  email: string;
  tier: SubscriptionTier;
  goldBadge: boolean;
  /** Custom public URL slug; pro artists only. */
  artistUrl: string | null;
  avatar: AvatarStyle;
}

export interface SeedTrack {
  /** Stable slug; also the seed of the track's music and cover. */
  key: string;
  artistKey: string;
  title: string;
  genre: SeedGenre;
  label: string;
  featured: boolean;
  /** Upload date as an offset from the seeding moment, so charts and "new" lists look lived-in. */
  uploadedDaysAgo: number;
  music: MusicParams;
}

export interface SeedListener {
  key: string;
  username: string;
  email: string;
  displayName: string;
  avatar: AvatarStyle;
}

export interface SeedDemoTrack {
  key: string;
  title: string;
  /** Shown on the landing page reveal card; the seeded artist of that name is `artistKey`. */
  artistName: string;
  artistKey: string;
  genre: SeedGenre;
  music: MusicParams;
}

export interface SeedCatalogue {
  artists: readonly SeedArtist[];
  tracks: readonly SeedTrack[];
  listeners: readonly SeedListener[];
  demoTracks: readonly SeedDemoTrack[];
}

export const SEED_CATALOGUE: SeedCatalogue = {
  artists: SEED_ARTISTS,
  tracks: SEED_TRACKS,
  listeners: SEED_LISTENERS,
  demoTracks: SEED_DEMO_TRACKS,
};
