import { z } from 'zod';
import { isCamelot, relativeCamelot } from './musical-key';

/**
 * A track's sound as Klang uses it (issue 28, decisions 0261, 0265): the measured tempo and key
 * with their confidences, the artist's corrections, the energy band, and the "effective" tempo
 * and key the deck's filters and mix mode compare.
 */
export const SOUND_MESSAGES = {
  bpmInvalid: 'BPM must be a number from 40 to 220, with at most one decimal',
  keyInvalid: 'Key must be a Camelot code from 1A to 12B, such as 8A',
  /** The deck's filters (decision 0266). */
  bpmRangeReversed: 'The lowest BPM must not be above the highest',
  energyInvalid: 'Energy must be low, mid or high',
  genreInvalid: 'Choose a genre from the list',
  halfDoubleInvalid: 'Half and double time must be true or false',
  /** What the deck says when a filter leaves nothing to deal: the web names the filter ("172–176 BPM"). */
  filterEmpty: (filter: string) => `No more blind tracks at ${filter}: widen the range`,
  /** Mix mode's variant, when nothing left mixes with the track playing. */
  mixEmpty: 'No more blind tracks mix with this one: turn mix mode off or pick another track',
} as const;

export const SOUND_BPM_RANGE = { min: 40, max: 220 } as const;

/**
 * How far a measurement is trusted (decision 0265). Under `certain` the screens say so ("≈",
 * "key uncertain", decision 0261) but the reading is still used; under `usable` it is what noise
 * earns (white noise, a held tone) and counts as no reading at all.
 */
export const SOUND_CONFIDENCE = { certain: 0.5, usableTempo: 0.2, usableKey: 0.3 } as const;

/** A correction farther than this from the measured tempo (and from its half or double) is flagged. */
export const CORRECTION_TEMPO_TOLERANCE = 0.08;

export const ENERGY_BANDS = ['low', 'mid', 'high'] as const;
export type EnergyBand = (typeof ENERGY_BANDS)[number];

/** The percentile's third: below 33⅓ low, below 66⅔ mid, else high; null until ranked. */
export function energyBand(percentile: number | null): EnergyBand | null {
  if (percentile === null) return null;
  return percentile * 3 < 100 ? 'low' : percentile * 3 < 200 ? 'mid' : 'high';
}

/** Is `bpm` within `tolerance` (a ratio) of `other`, or, with `halfDouble`, of its half or double? */
export function isTempoNear(bpm: number, other: number, tolerance: number, halfDouble: boolean): boolean {
  const targets = halfDouble ? [other, other / 2, other * 2] : [other];
  return targets.some((target) => Math.abs(bpm - target) <= target * tolerance);
}

export interface SoundReading {
  bpm: number | null;
  bpmConfidence: number | null;
  key: string | null;
  keyConfidence: number | null;
  bpmArtist: number | null;
  keyArtist: string | null;
}

/** The artist's tempo where given, else the measured one unless it is what noise earns. */
export function effectiveBpm(s: SoundReading): number | null {
  if (s.bpmArtist !== null) return s.bpmArtist;
  return s.bpm !== null && (s.bpmConfidence ?? 0) >= SOUND_CONFIDENCE.usableTempo ? s.bpm : null;
}

/** The artist's key where given, else the measured one unless it is what noise earns. */
export function effectiveKey(s: SoundReading): string | null {
  if (s.keyArtist !== null) return s.keyArtist;
  return s.key !== null && (s.keyConfidence ?? 0) >= SOUND_CONFIDENCE.usableKey ? s.key : null;
}

/**
 * A correction far from the measurement: a tempo more than 8 % from the measured one and from its
 * half and double, or a key neither the measured one nor its relative. It is kept, and flagged.
 */
export function isCorrectionFlagged(s: SoundReading): boolean {
  const farTempo =
    s.bpmArtist !== null &&
    s.bpm !== null &&
    !isTempoNear(s.bpmArtist, s.bpm, CORRECTION_TEMPO_TOLERANCE, true);
  const farKey =
    s.keyArtist !== null && s.key !== null && s.keyArtist !== s.key && s.keyArtist !== relativeCamelot(s.key);
  return farTempo || farKey;
}

const hasOneDecimal = (value: number) => Math.abs(Math.round(value * 10) - value * 10) < 1e-6;

export const soundBpmSchema = z
  .number(SOUND_MESSAGES.bpmInvalid)
  .min(SOUND_BPM_RANGE.min, SOUND_MESSAGES.bpmInvalid)
  .max(SOUND_BPM_RANGE.max, SOUND_MESSAGES.bpmInvalid)
  .refine(hasOneDecimal, SOUND_MESSAGES.bpmInvalid);

/** A Camelot code, read in either case and without surrounding spaces ('8a' is 8A). */
export const camelotSchema = z
  .string(SOUND_MESSAGES.keyInvalid)
  .trim()
  .toUpperCase()
  .refine(isCamelot, SOUND_MESSAGES.keyInvalid);

/** A tempo bound of a deck filter, from the query string. */
export const bpmFilterSchema = z.coerce
  .number(SOUND_MESSAGES.bpmInvalid)
  .min(SOUND_BPM_RANGE.min, SOUND_MESSAGES.bpmInvalid)
  .max(SOUND_BPM_RANGE.max, SOUND_MESSAGES.bpmInvalid);

/** What the artist's track list shows of a track's sound; null until measured or corrected. */
export const trackSoundSchema = z.object({
  bpm: z.number().nullable(),
  bpmConfidence: z.number().min(0).max(1).nullable(),
  /** The measured key's Camelot code. */
  key: z.string().nullable(),
  keyConfidence: z.number().min(0).max(1).nullable(),
  energy: z.enum(ENERGY_BANDS).nullable(),
  bpmArtist: z.number().nullable(),
  keyArtist: z.string().nullable(),
  /** The artist's correction is far from the measurement (see isCorrectionFlagged). */
  flagged: z.boolean(),
});
export type TrackSound = z.infer<typeof trackSoundSchema>;

/**
 * The artist's correction of a track's tempo and key: a value sets it, null clears it (the
 * measurement applies again), a missing field leaves it as it is.
 */
export const setTrackSoundRequestSchema = z.object({
  bpm: soundBpmSchema.nullable().optional(),
  key: camelotSchema.nullable().optional(),
});
export type SetTrackSoundRequest = z.infer<typeof setTrackSoundRequestSchema>;

/** What a like reveals of the track's sound: the effective tempo and key, and the energy band. */
export const revealedSoundSchema = z.object({
  bpm: z.number().nullable(),
  key: z.string().nullable(),
  energy: z.enum(ENERGY_BANDS).nullable(),
});
export type RevealedSound = z.infer<typeof revealedSoundSchema>;

/** What a liked track shows of its sound: the effective tempo and key, and the energy band. */
export function revealedSound(s: SoundReading & { energyPercentile: number | null }): RevealedSound {
  return { bpm: effectiveBpm(s), key: effectiveKey(s), energy: energyBand(s.energyPercentile) };
}

/**
 * A liked track's sound in words, as the reveal card and the lists show it: "124 BPM · 8A · high
 * energy"; null when nothing about it is known.
 */
export function describeSound(sound: RevealedSound | null | undefined): string | null {
  if (!sound) return null;
  const parts = [
    sound.bpm === null ? null : `${String(Math.round(sound.bpm))} BPM`,
    sound.key,
    sound.energy === null ? null : `${sound.energy} energy`,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}
