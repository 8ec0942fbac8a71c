import { z } from 'zod';
import { UPLOAD_GENRES } from '../genres';
import { LIMITS } from '../limits';
import { SUBSCRIPTION_TIERS } from '../tiers';
import { trackSoundSchema } from './track-sound';

/**
 * The artist workspace (spec 001 §2 Artist profile, §5 Upload track, Limits on tracks, §7 Tracks,
 * §9): the artist's own tracks, uploads, cover art, featuring, deletion and the dashboard.
 * Every text is the spec's, word for word; both sides show these.
 */
export const TRACK_MESSAGES = {
  titleRequired: 'Track title is required',
  genreRequired: 'Genre is required',
  audioRequired: 'Audio file is required',
  audioInvalid: 'Please select a valid audio file (MP3, WAV, M4A, or MP4 only)',
  audioTooLarge: 'Audio file size must be under 75MB',
  imageInvalid: 'Please select a valid image file',
  imageTooLarge: 'Image size must be less than 5MB',
  promptRequired: 'Please enter a prompt for the cover art',
  uploadLimit: (tierName: string) =>
    `You've reached the 5-track limit for ${tierName} accounts. Upgrade to upload more tracks.`,
  featureLimitFree: 'Max feature amount is 1. Upgrade to Pro for 3 featured tracks.',
  featureLimitPro: 'Max feature amount is 3. Remove a track first.',
  notOwned: 'Track not found or you do not have permission to modify it',
  deleteConfirm: 'Are you sure you want to delete this track?',
  deleted: 'Track deleted successfully',
  deleteFailed: 'Failed to delete track',
  featured: 'Track added to player',
  unfeatured: 'Track removed from player',
  featureFailed: 'Failed to add track to player.',
  unfeatureFailed: 'Failed to remove track from player.',
  subscriptionStatus:
    'Your account subscription status needs to be updated. Please refresh the page and try again.',
  databaseConstraint: 'Database constraint error. Please contact support if this persists.',
  uploaded: 'Track uploaded successfully',
  uploadFailed: 'Failed to upload track',
  /** Klang's own (the spec has none): storage unreachable or full; decision 0160. */
  uploadStorageUnavailable:
    'Failed to upload track: storage is unavailable right now. Nothing was saved; please try again in a few minutes.',
  coverUploadFailed: 'Failed to upload cover art',
  coverGenerateFailed: 'Failed to generate cover art',
  coverNoUrl: 'No image URL received from generation service',
  coverStoreFailed: 'Failed to store generated artwork. Please try again.',
  noTracks: 'No tracks uploaded yet',
  tracksLoadFailed: 'Failed to load tracks',
  statsLoadFailed: 'Unable to load stats. Please try again.',
  processingFailed: 'We could not process this audio file. Try again or delete it.',
  /** Klang's own (decision 0250): the bounds of a track's audio, checked before any transcode. */
  trackTooLong: `Tracks can be at most ${String(LIMITS.trackMaxSeconds / 60)} minutes long`,
  trackTooShort: `Tracks must be at least ${String(LIMITS.trackMinSeconds)} second long`,
  audioIncomplete:
    'This audio file ends before its own header says it should. Export it again and upload the whole file.',
  demoUpload: 'Uploading tracks is disabled in demo mode. Create your own account to upload tracks.',
  demoDelete: 'Deleting tracks is disabled in demo mode. Create your own account to manage tracks.',
  demoFeature: 'Featuring tracks is disabled in demo mode. Create your own account to manage tracks.',
  demoUpdate: 'Editing tracks is disabled in demo mode. Create your own account to manage tracks.',
  artistsOnly: 'Only artist accounts can manage tracks',
} as const;

/** Where an upload is on its way to the player; a failed one says why and can be retried. */
export const TRACK_STATUSES = ['processing', 'ready', 'failed'] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The fields sent with an upload (as the query of the audio request, whose body is the file).
 * Only the upload-selectable genres pass (product-decisions.md, Genres); the label defaults to Unsigned.
 */
export const uploadTrackQuerySchema = z.object({
  title: z.preprocess(
    blankToUndefined,
    z
      .string(TRACK_MESSAGES.titleRequired)
      .trim()
      .min(1, TRACK_MESSAGES.titleRequired)
      .max(200, TRACK_MESSAGES.titleRequired),
  ),
  genre: z.preprocess(
    blankToUndefined,
    z.enum(UPLOAD_GENRES as [string, ...string[]], TRACK_MESSAGES.genreRequired),
  ),
  label: z.preprocess(blankToUndefined, z.string().trim().max(120).default('Unsigned')),
  coverId: z.uuid().optional(),
});

export const chartPlacementSchema = z.object({
  genre: z.string(),
  position: z.number().int().positive(),
  /** Places gained since yesterday's snapshot (positive is up); null when it was not charted yesterday. */
  movement: z.number().int().nullable(),
});

export const artistTrackSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  genre: z.string(),
  label: z.string(),
  status: z.enum(TRACK_STATUSES),
  failureReason: z.string().nullable(),
  /** A failed track whose upload is kept can be processed again; a refused upload cannot (decision 0250). */
  canRetry: z.boolean(),
  durationMs: z.number().int().nullable(),
  coverUrl: z.string().nullable(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  addedToLibrary: z.number().int(),
  playCount: z.number().int(),
  featured: z.boolean(),
  uploadedAt: z.string(),
  chart: chartPlacementSchema.nullable(),
  /** The measured sound and the artist's corrections (decision 0265); null until either exists. */
  sound: trackSoundSchema.nullable(),
  /**
   * The followers who heard the track, dealt first to them, within a day of its entering the
   * deck (decision 0306): `heard` is null below FOLLOW_RULES.firstDayFloor; `complete` once the
   * day is over. Null for a track that has not entered the deck since follows deal first, or
   * whose artist has fewer than FOLLOW_RULES.firstDayFloor followers.
   */
  followersFirstDay: z.object({ heard: z.number().int().nullable(), complete: z.boolean() }).nullable(),
});
export type ArtistTrack = z.infer<typeof artistTrackSchema>;

export const artistTracksResponseSchema = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  /** The gold badge shows for a pro artist whose badge was granted (spec 001 §2, §6). */
  goldBadge: z.boolean(),
  /** null is unlimited. */
  uploadLimit: z.number().int().nullable(),
  featureLimit: z.number().int(),
  tracks: z.array(artistTrackSchema),
});
export type ArtistTracksResponse = z.infer<typeof artistTracksResponseSchema>;

export const uploadTrackResponseSchema = z.object({ track: artistTrackSchema });

export const featureTrackRequestSchema = z.object({ featured: z.boolean() });
export const artistTrackParamsSchema = z.object({ trackId: z.uuid() });

export const coverArtResultSchema = z.object({ coverId: z.uuid(), url: z.string() });
export type CoverArtResult = z.infer<typeof coverArtResultSchema>;

/** POST /functions/v1/generate-cover-art, spec 001 §7: `{prompt}` in, `url` out (plus our cover id). */
export const generateCoverArtRequestSchema = z.object({
  prompt: z.preprocess(
    blankToUndefined,
    z
      .string(TRACK_MESSAGES.promptRequired)
      .trim()
      .min(1, TRACK_MESSAGES.promptRequired)
      .max(500, TRACK_MESSAGES.promptRequired),
  ),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .optional(),
});

/** One day of server-recorded events for one track. */
export const dailyStatSchema = z.object({
  day: z.string(),
  trackId: z.uuid(),
  plays: z.number().int(),
  likes: z.number().int(),
});

export const dashboardStatsSchema = z.object({
  totals: z.object({
    tracks: z.number().int(),
    plays: z.number().int(),
    likes: z.number().int(),
    dislikes: z.number().int(),
    libraryAdds: z.number().int(),
    followers: z.number().int(),
    featured: z.number().int(),
  }),
  tracks: z.array(
    artistTrackSchema.pick({
      id: true,
      title: true,
      genre: true,
      likes: true,
      dislikes: true,
      addedToLibrary: true,
      playCount: true,
      featured: true,
      chart: true,
    }),
  ),
  daily: z.array(dailyStatSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** Spec 001 §9: (likes + dislikes + library adds) / plays × 100; 0 without plays. */
export function computeEngagementRate(t: {
  likes: number;
  dislikes: number;
  libraryAdds: number;
  plays: number;
}): number {
  return t.plays > 0 ? ((t.likes + t.dislikes + t.libraryAdds) / t.plays) * 100 : 0;
}

/** Spec 001 §9: likes / (likes + dislikes) × 100; 0 without ratings. */
export function computeLikeRatio(t: { likes: number; dislikes: number }): number {
  const rated = t.likes + t.dislikes;
  return rated > 0 ? (t.likes / rated) * 100 : 0;
}

/** Spec 001 §9: thousands as K and millions as M with one decimal (1.2K, 3.4M). */
export function formatCompactNumber(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (Math.abs(value) >= 1_000) return `${(value / 1_000).toFixed(1)}K`;
  return String(value);
}

/** The six achievements and their thresholds (spec 001 §3, §9). */
export const ACHIEVEMENTS = [
  {
    id: 'first_track',
    title: 'First Track',
    description: 'Upload your first track',
    metric: 'tracks',
    target: 1,
  },
  { id: 'ten_tracks', title: 'Ten Tracks', description: 'Upload 10 tracks', metric: 'tracks', target: 10 },
  { id: 'hundred_likes', title: '100 Likes', description: 'Reach 100 likes', metric: 'likes', target: 100 },
  {
    id: 'thousand_likes',
    title: '1,000 Likes',
    description: 'Reach 1,000 likes',
    metric: 'likes',
    target: 1000,
  },
  {
    id: 'hundred_followers',
    title: '100 Followers',
    description: 'Reach 100 followers',
    metric: 'followers',
    target: 100,
  },
  {
    id: 'thousand_plays',
    title: '1,000 Plays',
    description: 'Reach 1,000 plays',
    metric: 'plays',
    target: 1000,
  },
] as const;
export type AchievementMetric = (typeof ACHIEVEMENTS)[number]['metric'];
