import { z } from 'zod';
import { GENRE_NAMES } from '../genres';
import { ENERGY_BANDS } from '../tracks/track-sound';

/**
 * Blind Radar (issue 29, decisions 0283 to 0285): what the deck learns of a listener's taste,
 * over the sound alone. A track is a point in this space (its genre, tempo band, mode, energy
 * band and brightness band); a listener's taste is evidence per coordinate, never anything that
 * names a track.
 */

/** Tempo bands' edges in BPM: below 100, 100–115, …, 170 and above (SQL's width_bucket). */
export const TASTE_TEMPO_EDGES = [100, 115, 120, 124, 128, 132, 140, 160, 170] as const;
/** Brightness bands' edges, the spectral centroid in Hz: dark, balanced, bright. */
export const TASTE_BRIGHTNESS_EDGES_HZ = [1300, 2000] as const;
export const TASTE_MODES = ['minor', 'major'] as const;
export const TASTE_BRIGHTNESS = ['dark', 'balanced', 'bright'] as const;

/**
 * The taste space's coordinates in order: each is a group of bands, and a track has at most one
 * band per group (none when that feature is unmeasured). The server's scores travel to the deal
 * statement as one flat array in this order.
 */
export const TASTE_GROUPS = {
  genre: GENRE_NAMES,
  tempo: TASTE_TEMPO_EDGES.length + 1,
  mode: TASTE_MODES,
  energy: ENERGY_BANDS,
  brightness: TASTE_BRIGHTNESS,
} as const;
export type TasteGroup = keyof typeof TASTE_GROUPS;

/** How many bands a group has. */
export function tasteBands(group: TasteGroup): number {
  const g = TASTE_GROUPS[group];
  return typeof g === 'number' ? g : g.length;
}

/** Where each group starts in the flat score array (0-based), and its length. */
export const TASTE_LAYOUT = (() => {
  let at = 0;
  const layout = {} as Record<TasteGroup, { offset: number; length: number }>;
  for (const group of Object.keys(TASTE_GROUPS) as TasteGroup[]) {
    layout[group] = { offset: at, length: tasteBands(group) };
    at += tasteBands(group);
  }
  return { ...layout, size: at };
})();

/** A tempo band's BPM range by its 1-based index (1 is below the first edge); open ends are null. */
export function tempoBandRange(band: number): { min: number | null; max: number | null } {
  return { min: TASTE_TEMPO_EDGES[band - 2] ?? null, max: TASTE_TEMPO_EDGES[band - 1] ?? null };
}

/**
 * The radar's rules (decision 0283). A deal's verdict weighs into the taste as evidence for or
 * against its bands: a like fully for, a listen to the end half for, a skip in the first seconds
 * a quarter against (a quarter of plays are abandoned in 5 s anywhere), a later skip fully against.
 */
export const RADAR_RULES = {
  /** Candidates the pick samples from the fair tier (or the band) and scores. */
  candidates: 32,
  /**
   * Past the first listens, the radar deals within this share of FIRST_LISTENS above the
   * least-dealt track (`RADAR_BAND` overrides it in deals): at the whole of it, exposure spread
   * wider than the fair deck's own (decision 0284).
   */
  bandShareOfFirstListens: 0.5,
  /** The share of deals that stay uniform among the candidates (`RADAR_EXPLORE` overrides it). */
  exploreDefault: 0.1,
  /** "Surprise me": the session's deals are this uniform. */
  surpriseExplore: 0.5,
  /** Pseudo-deals at the population's rate every band starts from (the prior's strength). */
  priorStrength: 1,
  /**
   * The posterior each deal draws from is this many times as concentrated as the evidence's
   * (its variance an eighth): thirty verdicts spread over 25 bands left plain Thompson sampling
   * exploring far beyond the uniform share (bench/blind-radar-simulation.ts, decision 0283).
   */
  posteriorTempering: 8,
  /** Pseudo-likes for each genre picked at the door. */
  doorGenreLikes: 2,
  /** At most this many genres at the door. */
  doorGenresMax: 3,
  weights: { like: 1, listenedThrough: 0.5, earlySkip: 0.25, lateSkip: 1 },
  /** A skip before this position is an early one. */
  earlySkipMs: 5000,
  /** A deal that reached this share of the track was listened through. */
  listenedThroughShare: 0.9,
  /** Verdicts before the deck says it is tuned to the listener. */
  tunedAfterVerdicts: 20,
  /** A band is named as liked when its rate is this far above the listener's population's. */
  likedLift: 1.25,
  /** …and rests on at least this much evidence (weighted verdicts). */
  likedEvidence: 3,
} as const;

export const TASTE_MESSAGES = {
  learning: 'The deck is still learning your taste: it tunes in after about twenty blind verdicts.',
  noLeaning: 'No clear leaning yet: the deck keeps dealing you a bit of everything.',
  reset: 'Forgotten: the deck starts learning your taste afresh.',
  doorTooMany: `Pick up to ${RADAR_RULES.doorGenresMax} genres`,
  surpriseInvalid: 'Surprise must be true or false',
} as const;

const genreSchema = z.enum(GENRE_NAMES, 'Choose a genre from the list');

/** What the deck has learned, as the profile shows it: bands only, never a track. */
export const tasteSummarySchema = z.object({
  /** Weighted verdicts learned from (since the last reset). */
  verdicts: z.number().int().min(0),
  tuned: z.boolean(),
  genres: z.array(genreSchema),
  tempo: z.object({ min: z.number().nullable(), max: z.number().nullable() }).nullable(),
  mode: z.enum(TASTE_MODES).nullable(),
  energy: z.enum(ENERGY_BANDS).nullable(),
  brightness: z.enum(TASTE_BRIGHTNESS).nullable(),
  /** The genres picked at the door, which the deck starts from. */
  doorGenres: z.array(genreSchema),
});
export type TasteSummary = z.infer<typeof tasteSummarySchema>;

export const setDoorGenresRequestSchema = z.object({
  genres: z.array(genreSchema).max(RADAR_RULES.doorGenresMax, TASTE_MESSAGES.doorTooMany),
});
export type SetDoorGenresRequest = z.infer<typeof setDoorGenresRequestSchema>;

/** One plain sentence of what the deck has learned: "You like 124–128 BPM, high energy, minor keys." */
export function describeTaste(t: TasteSummary): string {
  if (!t.tuned) return TASTE_MESSAGES.learning;
  const parts: string[] = [];
  if (t.genres.length > 0) parts.push(t.genres.join(' and '));
  if (t.tempo) {
    const { min, max } = t.tempo;
    parts.push(min === null ? `under ${max} BPM` : max === null ? `${min} BPM and up` : `${min}–${max} BPM`);
  }
  if (t.energy) parts.push(`${t.energy} energy`);
  if (t.mode) parts.push(`${t.mode} keys`);
  if (t.brightness) parts.push(`a ${t.brightness} sound`);
  return parts.length === 0 ? TASTE_MESSAGES.noLeaning : `You like ${parts.join(', ')}.`;
}
