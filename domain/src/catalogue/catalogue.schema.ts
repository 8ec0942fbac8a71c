import { z } from 'zod';
import { revealedSoundSchema } from '../tracks/track-sound';

/**
 * Track lists a listener browses: charts, the library and artist pages (spec 001 §2, §4). A track
 * the listener has not liked leaves the server masked: no id, title, artist, cover or label, so
 * nothing can tie it to the blind track Discover is playing (docs/footguns.md).
 */
export const MASK = '****';

export const revealedTrackSchema = z.object({
  isRevealed: z.literal(true),
  id: z.uuid(),
  title: z.string(),
  artist: z.string(),
  artistId: z.uuid(),
  genre: z.string(),
  label: z.string(),
  coverUrl: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** The effective tempo and key and the energy band (decision 0266): a liked track's only. */
  sound: revealedSoundSchema,
});
export type RevealedListedTrack = z.infer<typeof revealedTrackSchema>;

export const maskedTrackSchema = z.object({
  isRevealed: z.literal(false),
  title: z.literal(MASK),
  artist: z.literal(MASK),
  genre: z.literal(MASK),
  label: z.literal(MASK),
});
export type MaskedListedTrack = z.infer<typeof maskedTrackSchema>;

export const listedTrackSchema = z.discriminatedUnion('isRevealed', [revealedTrackSchema, maskedTrackSchema]);
export type ListedTrack = z.infer<typeof listedTrackSchema>;

export const MOVEMENT_TYPES = ['up', 'down', 'same', 'new'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const movementSchema = z.object({
  type: z.enum(MOVEMENT_TYPES),
  /** Places moved since yesterday's snapshot; 0 for same and new. */
  amount: z.number().int().min(0),
});
export type Movement = z.infer<typeof movementSchema>;

export const chartQuerySchema = z.object({ genre: z.string().max(60).optional() });

/**
 * What a chart row shows of its track's verdict (product-decisions.md Charts, decision 0257): the
 * share of its trusted blind listeners who liked it and how many they were, trusted deals only;
 * and, in the row's detail, the cautious share the rows are ordered by and the like count in all.
 */
export const chartFiguresSchema = z.object({
  /** Trusted likes over trusted verdicts in the window (each weighed as the verdict weighs it), 0 to 1. */
  share: z.number().min(0).max(1),
  /** Distinct blind listeners whose verdict counts. */
  listeners: z.number().int().min(0),
  /** The rank: the lower bound of the share's 95 % Wilson interval (decision 0195), 0 to 1. */
  cautiousShare: z.number().min(0).max(1),
  /** Every like the track has, discounted or not: detail, never the ranking figure. */
  likes: z.number().int().min(0),
});
export type ChartFigures = z.infer<typeof chartFiguresSchema>;

export const chartEntrySchema = z.object({
  position: z.number().int().min(1),
  /**
   * Shown with a liked track only: a masked entry carries none, since figures that move when a
   * listener rates a blind deal would tie that deal to its row.
   */
  figures: chartFiguresSchema.nullable(),
  /** Shown with a liked track only; a masked entry carries none. */
  movement: movementSchema.nullable(),
  track: listedTrackSchema,
});
export type ChartEntry = z.infer<typeof chartEntrySchema>;

export const chartResponseSchema = z.object({
  genre: z.string(),
  entries: z.array(chartEntrySchema),
});
export type ChartResponse = z.infer<typeof chartResponseSchema>;

export const libraryResponseSchema = z.object({ tracks: z.array(revealedTrackSchema) });
export type LibraryResponse = z.infer<typeof libraryResponseSchema>;

/** The public artist page (spec 001 §2 Public artist page); defaults for a missing profile. */
export const artistPageSchema = z.object({
  artist: z.object({
    id: z.uuid(),
    name: z.string(),
    username: z.string().nullable(),
    bio: z.string().nullable(),
    imageUrl: z.string().nullable(),
    goldBadge: z.boolean(),
    followers: z.number().int().min(0),
    isFollowing: z.boolean(),
    /** Only for a pro artist with a custom URL: the page's shareable address. */
    artistUrl: z.string().nullable(),
    instagram: z.string().nullable(),
    website: z.string().nullable(),
  }),
  tracks: z.array(listedTrackSchema),
});
export type ArtistPage = z.infer<typeof artistPageSchema>;

export const artistUrlParamsSchema = z.object({ artistUrl: z.string().min(1).max(60) });

export const followedArtistsResponseSchema = z.object({
  artists: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      imageUrl: z.string().nullable(),
      goldBadge: z.boolean(),
      followedAt: z.string(),
    }),
  ),
});
export type FollowedArtists = z.infer<typeof followedArtistsResponseSchema>['artists'];

export const CATALOGUE_MESSAGES = {
  chartHint: 'Play a hidden track blind, or like it in Discover, to reveal it here',
  lockedTrack: 'Keep discovering music in the player to unlock this track',
  profileNotAvailable: 'Profile not available',
  profileLinkCopied: 'Profile link copied to clipboard!',
  unknownArtist: 'Unknown Artist',
  noFollows: "You're not following any artists yet",
  emptyLibrary: 'Your library is empty',
  genreNotCharted: 'This genre has no chart yet',
} as const;

/** An artist named in a path: the artist page, its share card, following. */
export const artistParamsSchema = z.object({ artistId: z.uuid() });
