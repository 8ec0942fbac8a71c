import { z } from 'zod';
import { skipCurvePointSchema } from './analytics.schema';

/** How a test stands: running, or how it ended (decision 0304). */
export const AB_TEST_STATUSES = ['running', 'a-won', 'b-won', 'no-clear-winner', 'stopped'] as const;
export type AbTestStatus = (typeof AB_TEST_STATUSES)[number];

/** Limits of a test the artist sets, shared by the form and the server that enforces them. */
export const AB_TEST_LIMITS = {
  /** Listeners per version a test runs to at most, unless the artist sets otherwise. */
  defaultCap: 2000,
  minCap: 50,
  maxCap: 20_000,
} as const;

export const AB_TEST_MESSAGES = {
  proOnly: 'Blind A/B tests are part of the Pro plan. Upgrade to start one.',
  notFeatured: 'Feature this track in the player first: a test deals it to blind listeners.',
  versionNotEligible:
    'Version B must be another of your own ready tracks that is not featured and not in another test.',
  alreadyRunning: 'This track already has a test running.',
  notRunning: 'This track has no test running.',
  capOutOfRange: `Set a cap between ${String(AB_TEST_LIMITS.minCap)} and ${AB_TEST_LIMITS.maxCap.toLocaleString('en-GB')} listeners per version.`,
  versionUnderTest: 'This track is version B of a running A/B test: stop the test to feature it.',
  demo: 'The demo account cannot start tests.',
  notEnoughListeners: 'Figures appear once 5 trusted listeners have heard a version, and move in steps of 5.',
} as const;

/** The figures of one version, over its trusted listeners in steps of the floor; null below it. */
export const abVersionFiguresSchema = z.object({
  /** Distinct trusted listeners the figures cover: a multiple of the floor. */
  listeners: z.number().int().positive(),
  likes: z.number().int().nonnegative(),
  skips: z.number().int().nonnegative(),
  /** likes / (likes + skips); null without a rated deal. */
  likeRate: z.number().min(0).max(1).nullable(),
  /** The like rate's 95 % Wilson interval; null without a rated deal. */
  interval: z.object({ low: z.number().min(0).max(1), high: z.number().min(0).max(1) }).nullable(),
  /** The version's skip curve on the hooks' grid; empty until positioned deals reach the floor. */
  skipCurve: z.array(skipCurvePointSchema),
  /** The median whole seconds before a like; null until timed likes reach the floor. */
  medianSecondsToLike: z.number().nonnegative().nullable(),
});
export type AbVersionFigures = z.infer<typeof abVersionFiguresSchema>;

const versionSchema = z.object({
  trackId: z.uuid(),
  title: z.string(),
  durationMs: z.number().int().nonnegative().nullable(),
});

/** One test of a track: its versions, its state, and each version's figures. */
export const abTestSchema = z.object({
  id: z.uuid(),
  status: z.enum(AB_TEST_STATUSES),
  /** Version A is the featured track itself; B the upload it is tested against (titles are the artist's own). */
  versionA: versionSchema,
  versionB: versionSchema,
  cap: z.number().int().positive(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  a: abVersionFiguresSchema.nullable(),
  b: abVersionFiguresSchema.nullable(),
  /** P(B's like rate beats A's) from Beta posteriors; null until both versions have the floor. */
  probabilityBBeatsA: z.number().min(0).max(1).nullable(),
  /** What either version's probability must reach at this look to win (decision 0303). */
  threshold: z.number().min(0).max(1).nullable(),
});
export type AbTest = z.infer<typeof abTestSchema>;

/** A track's A/B page: whether a test can start, with what, and its latest test. */
export const trackAbTestSchema = z.object({
  trackId: z.uuid(),
  title: z.string(),
  featured: z.boolean(),
  /** The artist's plan includes tests (Pro and trial). */
  allowed: z.boolean(),
  /** The artist's ready uploads that may be version B: not featured, not in a running test. */
  candidates: z.array(versionSchema),
  /** The running test, or the last one that ended; null when the track has never been tested. */
  test: abTestSchema.nullable(),
});
export type TrackAbTest = z.infer<typeof trackAbTestSchema>;

export const startAbTestSchema = z.object({
  versionBTrackId: z.uuid(),
  cap: z
    .number()
    .int(AB_TEST_MESSAGES.capOutOfRange)
    .min(AB_TEST_LIMITS.minCap, AB_TEST_MESSAGES.capOutOfRange)
    .max(AB_TEST_LIMITS.maxCap, AB_TEST_MESSAGES.capOutOfRange),
});
export type StartAbTest = z.infer<typeof startAbTestSchema>;
