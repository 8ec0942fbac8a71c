import { z } from 'zod';
import { SKIP_REASONS } from '../player/skip-reasons';

/** First-party analytics (spec 002 §4 page views, spec 000 §2 artist signup clicks). */
export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'signup_free_account_click',
  'signup_paid_account_click',
  'signup_checkout_started',
] as const;

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  path: z
    .string()
    .min(1)
    .max(512)
    .regex(/^\/[^\s]*$/, 'A path starts with /'),
  referrer: z.string().max(1024).optional(),
  visitorId: z.uuid().optional(),
  properties: z
    .record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean()]))
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** One point of the skip curve: the share of positioned hearings not yet skipped or left. */
export const skipCurvePointSchema = z.object({
  positionMs: z.number().int().nonnegative(),
  share: z.number().min(0).max(1),
});
export type SkipCurvePoint = z.infer<typeof skipCurvePointSchema>;

/** One bin of the seconds-to-like histogram; `toSeconds` null for the open last bin. */
export const likeSecondsBinSchema = z.object({
  fromSeconds: z.number().int().nonnegative(),
  toSeconds: z.number().int().positive().nullable(),
  likes: z.number().int().nonnegative(),
});
export type LikeSecondsBin = z.infer<typeof likeSecondsBinSchema>;

/**
 * Blind Notes of one track (decision 0302): reasons and moments of the listeners the hooks'
 * trust admits, over a snapshot of its own that moves in steps of the floor of note-giving
 * listeners. Null below the floor.
 */
export const blindNotesAggregateSchema = z.object({
  /** Distinct listeners whose notes the figures cover: a multiple of the floor. */
  listeners: z.number().int().positive(),
  /** One count per reason, every reason listed (0 included), in SKIP_REASONS order. */
  reasons: z.array(z.object({ reason: z.enum(SKIP_REASONS), notes: z.number().int().nonnegative() })),
  /** Moments per step of the skip curve's grid (HOOKS.curveSteps + 1 points); empty without a length. */
  moments: z.array(
    z.object({ positionMs: z.number().int().nonnegative(), notes: z.number().int().nonnegative() }),
  ),
});
export type BlindNotesAggregate = z.infer<typeof blindNotesAggregateSchema>;

const hooksTrackSchema = z.object({ trackId: z.uuid(), title: z.string() });

/**
 * Hook analytics of one of the artist's tracks (issue 19 item 5, decision 0200). Below the
 * listener floor the answer says so and carries no number at all about the track's listeners.
 */
export const trackHooksSchema = z.discriminatedUnion('status', [
  hooksTrackSchema.extend({
    status: z.literal('not_enough_listeners'),
    minListeners: z.number().int().positive(),
    message: z.string(),
  }),
  hooksTrackSchema.extend({
    status: z.literal('ready'),
    genre: z.string(),
    durationMs: z.number().int().nonnegative().nullable(),
    /** Distinct listeners the aggregates cover: always a multiple of the floor. */
    listeners: z.number().int().positive(),
    /** Served deals that ended (liked, skipped or left) within the published aggregates. */
    deals: z.number().int().nonnegative(),
    likes: z.number().int().nonnegative(),
    skips: z.number().int().nonnegative(),
    left: z.number().int().nonnegative(),
    /** likes / (likes + skips); null without a rated deal. */
    likeRate: z.number().min(0).max(1).nullable(),
    /** The median like rate of the genre's tracks; null while too few tracks qualify. */
    genreMedianLikeRate: z.number().min(0).max(1).nullable(),
    skipCurve: z.object({
      /** Ended deals with a position: the curve's denominator. */
      positioned: z.number().int().nonnegative(),
      /** Ended deals without a reported position, left out of the curve. */
      withoutPosition: z.number().int().nonnegative(),
      /** Empty until positioned deals come from at least the floor of distinct listeners. */
      points: z.array(skipCurvePointSchema),
    }),
    secondsToLike: z.object({
      /** Likes with a server-measured time before the like: the histogram's total. */
      timedLikes: z.number().int().nonnegative(),
      /** Null and empty until timed likes come from at least the floor of distinct listeners. */
      medianSeconds: z.number().nonnegative().nullable(),
      bins: z.array(likeSecondsBinSchema),
    }),
    blindNotes: blindNotesAggregateSchema.nullable(),
    /**
     * The artist's own track's waveform (its rendition's peaks, 0 to 1, evenly over its length),
     * for the moment map to be drawn over; empty when the upload stored none.
     */
    waveform: z.array(z.number().min(0).max(1)).max(1000),
  }),
]);
export type TrackHooks = z.infer<typeof trackHooksSchema>;
export type ReadyTrackHooks = Extract<TrackHooks, { status: 'ready' }>;
