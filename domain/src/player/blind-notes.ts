/**
 * Blind Notes (issue 31 item 2, decision 0302): after a skip, one optional tap on why; while
 * listening, a "this moment" tap that is neither a like nor a reveal. No free text, so a note can
 * neither name anyone nor need moderation. The numbers the server, the web app and the tests share.
 */
import { z } from 'zod';
import { positionMsSchema } from './player.schema';
import { SKIP_REASONS, type SkipReason } from './skip-reasons';

export { SKIP_REASONS, type SkipReason } from './skip-reasons';

/** The words the listener taps and the artist reads. */
export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  'intro-too-long': 'Intro too long',
  'not-my-style': 'Not my style',
  'mix-or-sound': 'Mix or sound',
  vocals: 'Vocals',
  'too-slow': 'Too slow',
  'too-fast': 'Too fast',
};

export const BLIND_NOTES = {
  /** A reason is taken only this long after the skip: it is a reaction, not a later review. */
  reasonWindowMs: 10 * 60_000,
  /** Moments one deal keeps: a mark, not a running commentary. */
  momentsPerDeal: 3,
  /** Two moments of one deal at least this far apart in the track. */
  momentGapMs: 5_000,
  /** What one note earns, for the first `pointedNotesPerDay` notes of a UTC day only. */
  points: 2,
  pointedNotesPerDay: 3,
} as const;

export const BLIND_NOTES_MESSAGES = {
  notSkipped: 'A reason can only be given for a track you skipped.',
  reasonTooLate: 'That skip was a while ago: reasons are taken right after the skip.',
  reasonGiven: 'You gave a reason for this skip already.',
  notListening: 'A moment can only be marked while the track is playing.',
  momentsFull: `You have marked ${String(BLIND_NOTES.momentsPerDeal)} moments in this track already.`,
  momentTooClose: 'You marked a moment right there already.',
} as const;

export const skipReasonRequestSchema = z.object({ reason: z.enum(SKIP_REASONS) });
export const momentRequestSchema = z.object({ positionMs: positionMsSchema });

/** What a note earned: its points the first few times a day, else 0. Nothing about the track. */
export const blindNoteResponseSchema = z.object({ pointsAwarded: z.number().int().min(0) });
export type BlindNoteResponse = z.infer<typeof blindNoteResponseSchema>;
