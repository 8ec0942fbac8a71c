import type { JobHandler } from './runner';

/**
 * The lanes jobs run in, each with its own concurrency, so quick work never waits behind slow
 * work: `payments` (webhook events, the billing clock), `email` (outbox deliveries), `short`
 * (everything else that takes a moment) and `media` (transcodes, pack training), which is bounded
 * by the cores and shared fairly between accounts (decision 0247).
 */
export const JOB_LANES = ['payments', 'email', 'short', 'media'] as const;
export type JobLane = (typeof JOB_LANES)[number];

/** A job kind as an area registers it: the lane it runs in and its handler. */
export interface JobKind {
  lane: JobLane;
  run: JobHandler;
}

export interface LaneLimits {
  /** How many jobs of the lane one runner runs at once. */
  concurrency: number;
  /**
   * How many jobs of one account may run in the lane at once, over every runner; the claim also
   * prefers the account with the fewest running. Unset: no account is told apart.
   */
  perAccount?: number;
}

/** The lanes' limits: one at a time for the quick lanes, `media` as configured. */
export function laneLimits(media: { concurrency: number; perAccount: number }): Record<JobLane, LaneLimits> {
  return {
    payments: { concurrency: 1 },
    email: { concurrency: 2 },
    short: { concurrency: 1 },
    media,
  };
}
