import { z } from 'zod';

/**
 * The blind verdict a chart ranks by (issue 19 item 3, decisions 0195 and 0196): the lower bound
 * of the 95 % Wilson interval of trusted likes over trusted rated deals (likes and skips) in a
 * rolling window. The server computes it in a job; the numbers live here so the published method
 * (`/charts/method`) states exactly the rules the server applies.
 */
export const VERDICT = {
  /** The rolling window's default length in days (`CHART_WINDOW_DAYS`). */
  windowDays: 30,
  /** The confidence of the interval whose lower bound ranks… */
  confidencePercent: 95,
  /** …and the normal quantile of that two-sided interval. */
  z: 1.959_963_984_540_054,
  /**
   * An account's ratings count from its second day on: younger, temporary and demo accounts count 0,
   * and so do accounts that have not verified their email (decision 0255).
   */
  accountMinAgeMs: 86_400_000,
  /** A like counts in full after this much listening; before it, in proportion to what was heard. */
  fullLikeAfterMs: 10_000,
  /** A listener with at least this many rated deals in the window… */
  likeEverythingMinRated: 50,
  /** …who liked more than this share of them counts less, down to nothing at 100 %. */
  likeEverythingShare: 0.95,
} as const;

/**
 * The lower bound of the Wilson score interval for `successes` out of `trials` (both may be
 * weighted, so not whole numbers). 0 when nothing was rated: a track nobody has judged yet ranks
 * below every track with a verdict, and a few unanimous blind likes can beat many lukewarm ones.
 */
export function wilsonLowerBound(successes: number, trials: number, z: number = VERDICT.z): number {
  if (!(trials > 0)) return 0;
  const p = Math.min(1, Math.max(0, successes / trials));
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return Math.max(0, (centre - spread) / (1 + z2 / trials));
}

/** The weight of a like heard for `listenedMs` before it (null: the server saw no listening). */
export function quickLikeWeight(listenedMs: number | null): number {
  if (listenedMs === null) return 0;
  return Math.min(1, Math.max(0, listenedMs) / VERDICT.fullLikeAfterMs);
}

/**
 * The weight of every rating of a listener who gave `likes` likes in `rated` rated deals: 1 for
 * anyone below 50 rated deals or at most 95 % likes; beyond that it falls linearly to 0 at 100 %,
 * with no step at the threshold for a script to stand just below.
 */
export function likeEverythingWeight(likes: number, rated: number): number {
  if (rated < VERDICT.likeEverythingMinRated || rated <= 0) return 1;
  const share = likes / rated;
  if (share <= VERDICT.likeEverythingShare) return 1;
  return Math.max(0, (1 - share) / (1 - VERDICT.likeEverythingShare));
}

/** The live figures of `/charts/method`: aggregates over the window, never one listener's row. */
export const chartMethodSchema = z.object({
  windowDays: z.number().int().min(1),
  /** When the chart job last computed the figures and the ranking; null before its first run. */
  computedAt: z.iso.datetime().nullable(),
  rules: z.object({
    /** The blind deals every featured track is guaranteed before any gets twice as many (FIRST_LISTENS). */
    firstListens: z.number().int().min(1),
    /** Blind Radar (decision 0283): on or off, its band past the first listens, its uniform share. */
    radar: z.object({ enabled: z.boolean(), band: z.number().int().min(1), explorePercent: z.number() }),
    accountMinAgeHours: z.number(),
    fullLikeAfterSeconds: z.number(),
    likeEverythingMinRated: z.number().int(),
    likeEverythingPercent: z.number(),
    confidencePercent: z.number(),
  }),
  figures: z.object({
    /** Tracks the deck handed out and played in the window. */
    deals: z.number().int().min(0),
    /** Deals ended by a like or a skip. */
    rated: z.number().int().min(0),
    likes: z.number().int().min(0),
    /** Likes that counted less than one full like, for any of the reasons below. */
    likesDiscounted: z.number().int().min(0),
    discountedBecause: z.object({
      tooQuick: z.number().int().min(0),
      newAccount: z.number().int().min(0),
      likeEverything: z.number().int().min(0),
    }),
    /** Accounts that rated in the window and whose ratings all counted 0 (new, temporary or demo). */
    accountsExcluded: z.number().int().min(0),
    /** Listeners whose ratings counted in the window. */
    listeners: z.number().int().min(0),
  }),
});
export type ChartMethod = z.infer<typeof chartMethodSchema>;
