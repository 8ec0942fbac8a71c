import { z } from 'zod';
import { GENRE_NAMES } from '../genres';
import { LIMITS } from '../limits';
import {
  bpmFilterSchema,
  camelotSchema,
  ENERGY_BANDS,
  revealedSoundSchema,
  SOUND_MESSAGES,
} from '../tracks/track-sound';
import { DEAL_RULES } from './deal-rules';
import { TASTE_MESSAGES } from './taste';

/**
 * The Discover player's payloads (spec 000 §4, spec 001 §4). Before a like a track is only an id
 * and a length: no title, artist, artist id, cover or label ever leaves the server with it.
 */
export const blindTrackSchema = z.object({
  id: z.uuid(),
  durationMs: z.number().int().nullable(),
});
export type BlindTrack = z.infer<typeof blindTrackSchema>;

/**
 * The deal's request (decision 0266): the current alias, and the listener's filters, each
 * optional. `key` takes the keys compatible with it (same, ±1 on the wheel, its relative);
 * `halfDouble` also takes half and double of the tempo range; `mixWith` (mix mode) takes only
 * tracks that mix with the one dealt under that alias, which must be the caller's own deal.
 */
export const nextTrackQuerySchema = z
  .object({
    current: z.uuid().optional(),
    bpmMin: bpmFilterSchema.optional(),
    bpmMax: bpmFilterSchema.optional(),
    halfDouble: z.stringbool(SOUND_MESSAGES.halfDoubleInvalid).optional(),
    key: camelotSchema.optional(),
    energy: z.enum(ENERGY_BANDS, SOUND_MESSAGES.energyInvalid).optional(),
    genre: z.enum(GENRE_NAMES, SOUND_MESSAGES.genreInvalid).optional(),
    mixWith: z.uuid().optional(),
    /** "Surprise me": this deal is far more often uniform than the taste's best (decision 0285). */
    surprise: z.stringbool(TASTE_MESSAGES.surpriseInvalid).optional(),
  })
  .refine((q) => q.bpmMin === undefined || q.bpmMax === undefined || q.bpmMin <= q.bpmMax, {
    message: SOUND_MESSAGES.bpmRangeReversed,
    path: ['bpmMin'],
  });
export type NextTrackQuery = z.infer<typeof nextTrackQuerySchema>;

export const nextTrackResponseSchema = z.discriminatedUnion('state', [
  /** `tuned`: the deck has learned enough of the listener's taste to deal by it (decision 0285). */
  z.object({ state: z.literal('track'), track: blindTrackSchema, tuned: z.boolean() }),
  /** Every featured track is liked: 'You've discovered everything!' */
  z.object({ state: z.literal('all-liked') }),
  /** Nothing is featured at all: 'No featured tracks available' */
  z.object({ state: z.literal('empty') }),
  /** The filters (or mix mode) leave nothing to deal: SOUND_MESSAGES.filterEmpty / mixEmpty. */
  z.object({ state: z.literal('filter-empty') }),
]);
export type NextTrackResponse = z.infer<typeof nextTrackResponseSchema>;

/** What a like reveals (spec 001 §2 /player: the card after a like). */
export const revealSchema = z.object({
  track: z.object({
    id: z.uuid(),
    title: z.string(),
    artist: z.string(),
    artistId: z.uuid(),
    genre: z.string(),
    label: z.string(),
    coverUrl: z.string().nullable(),
    /** Revealed with the like, never before (decision 0266). */
    sound: revealedSoundSchema,
  }),
  artist: z.object({
    id: z.uuid(),
    name: z.string(),
    imageUrl: z.string().nullable(),
    goldBadge: z.boolean(),
    followers: z.number().int(),
    isFollowing: z.boolean(),
  }),
  addedToLibrary: z.boolean(),
  /** The K-Points this request earned (0 when the track had earned them before). */
  pointsAwarded: z.number().int().min(0),
});
export type Reveal = z.infer<typeof revealSchema>;

/** What a skip (a dislike) earned: its swipe point the first time a track is rated, else 0. */
export const dislikeResponseSchema = z.object({ pointsAwarded: z.number().int().min(0) });
export type DislikeResponse = z.infer<typeof dislikeResponseSchema>;

/**
 * Where the listener was in the track when the deal ended, in whole milliseconds, as the client
 * saw it. The server keeps at most what it observed (decision 0190): the wall clock since the
 * audio was first served, and the track's length.
 */
export const positionMsSchema = z.number().int().min(0).max(DEAL_RULES.positionMaxMs);

export const likeRequestSchema = z.object({
  addToLibrary: z.boolean().default(false),
  positionMs: positionMsSchema.optional(),
});

/**
 * A skip's body is optional (Fastify hands a missing body over as null): without a position, the
 * server's own bound is kept.
 */
export const dislikeRequestSchema = z.object({ positionMs: positionMsSchema.optional() }).nullish();

/** The listener left a dealt track unrated (closed the page, played something else). */
export const leaveRequestSchema = z.object({ positionMs: positionMsSchema });

export const trackParamsSchema = z.object({ trackId: z.uuid() });

/** POST /functions/v1/secure-track-access, spec 000 §7: field names as the spec writes them. */
export const secureTrackAccessRequestSchema = z.object({
  trackId: z.uuid(),
  purpose: z.enum(['playback', 'preload']).default('playback'),
  duration: z.number().int().positive().default(LIMITS.secureUrlDefaultSeconds),
});
export const secureTrackAccessResponseSchema = z.object({
  success: z.boolean(),
  signedUrl: z.string().optional(),
  error: z.string().optional(),
});

/** POST /functions/v1/secure-listening-xp, spec 000 §7. */
export const listeningXpRequestSchema = z.object({ minutes_listened: z.number() });
export const listeningXpResponseSchema = z.object({ minutes_awarded: z.number().int().min(0) });

export const PLAYER_MESSAGES = {
  /** Where a blind track's artist would be: the mini player, Discover, the lock screen. */
  unknownArtist: 'Unknown artist',
  discoverMusic: 'Discover Music',
  allLiked: "You've discovered everything!",
  allLikedNext:
    'New tracks come to you first as artists feature them, so check back soon. Meanwhile, any track still hidden in the charts plays blind from there.',
  noFeaturedTracks: 'No featured tracks available',
  noFeaturedTracksNext: 'Artists are getting their first tracks ready. Check back soon, or see the charts.',
  audioFailedToLoad: 'Audio failed to load',
  failedToPlayAudio: 'Failed to play audio',
  failedToGetSecureUrl: 'Failed to get secure URL',
  trackNotServed: 'Play the track before rating it',
  trackUnavailable: 'This track is not available',
  chartPositionInvalid: 'Choose a place in the chart',
  playBlind: 'Play blind',
  likeToReveal: 'Like to reveal',
} as const;

/**
 * A masked chart row played blind (issue 30, decision 0288): the chart (a genre's, or the default
 * one) and the row's place in it, as the listener sees it. The server resolves the place; the
 * track stays unnamed, answered as a deal is, by a new alias and a length in whole seconds.
 */
export const chartDealRequestSchema = z.object({
  genre: z.string().max(60).optional(),
  position: z
    .number(PLAYER_MESSAGES.chartPositionInvalid)
    .int(PLAYER_MESSAGES.chartPositionInvalid)
    .min(1, PLAYER_MESSAGES.chartPositionInvalid),
});
export type ChartDealRequest = z.infer<typeof chartDealRequestSchema>;
export const chartDealResponseSchema = z.object({ state: z.literal('track'), track: blindTrackSchema });
export type ChartDealResponse = z.infer<typeof chartDealResponseSchema>;
