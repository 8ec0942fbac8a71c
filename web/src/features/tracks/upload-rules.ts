import { LIMITS, TRACK_MESSAGES as M } from '@klang/domain';

/**
 * Spec 001 §5 Upload track, checked as the user picks: MP3, WAV, M4A or MP4 by type or
 * extension, at most 78,643,200 bytes (exactly that is fine). The server checks the bytes again.
 */
export function checkAudioFile(file: File): string | null {
  const name = file.name.toLowerCase();
  const isAudio =
    (LIMITS.audioMimeTypes as readonly string[]).includes(file.type) ||
    LIMITS.audioExtensions.some((extension) => name.endsWith(extension));
  if (!isAudio) return M.audioInvalid;
  if (file.size > LIMITS.audioMaxBytes) return M.audioTooLarge;
  return null;
}

/** Cover art: JPEG or PNG, at most 5 MB (spec 001 §5). */
export function checkCoverFile(file: File): string | null {
  if (!(LIMITS.imageMimeTypes as readonly string[]).includes(file.type)) return M.imageInvalid;
  if (file.size > LIMITS.imageMaxBytes) return M.imageTooLarge;
  return null;
}

/** The spec's upload stages and the progress each shows (spec 001 §4 Upload progress). */
export const UPLOAD_STAGES = {
  idle: { percent: 0, label: '' },
  uploading: { percent: 10, label: 'Uploading audio…' },
  coverStored: { percent: 60, label: 'Cover art stored' },
  processing: { percent: 70, label: 'Processing…' },
  saving: { percent: 90, label: 'Saving track…' },
  success: { percent: 100, label: M.uploaded },
} as const;
export type UploadStage = keyof typeof UPLOAD_STAGES;

/** Uploading runs from 10 % to 40 % as the bytes go out. */
export function uploadingPercent(fraction: number): number {
  return Math.round(10 + Math.min(1, Math.max(0, fraction)) * 30);
}

/**
 * Spec 001 §7 Feature toggle failure texts: a subscription-tier problem and the database's 22P02
 * get their own sentences; anything else is the action's failure plus the server's message.
 */
export function featureFailureMessage(featured: boolean, message: string): string {
  if (/subscription|tier/i.test(message)) return M.subscriptionStatus;
  if (message.includes('22P02')) return M.databaseConstraint;
  const head = featured ? M.featureFailed : M.unfeatureFailed;
  return `${head} ${message}`;
}
