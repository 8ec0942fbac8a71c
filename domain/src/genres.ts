/**
 * One genre catalogue for client and server, with a flag per context (product-decisions.md, Genres).
 * The interest form keeps its own spelling of the names, as spec 000 §5 gives them.
 *
 * `bpm` is the genre's usual tempo range, which a measured tempo is folded into (decision 0261):
 * beat trackers often lock onto half or double time, and a DJ reads a Drum n Bass track at 174,
 * never 87. Every range is narrower than an octave, so at most one fold of a reading lands in it.
 */
export const GENRES = [
  { name: 'Minimal / Deep Tech', chart: 'active', upload: 'selectable', bpm: { min: 118, max: 128 } },
  { name: 'House / Tech House', chart: 'active', upload: 'selectable', bpm: { min: 118, max: 130 } },
  { name: 'Drum n Bass', chart: 'inactive', upload: 'selectable', bpm: { min: 160, max: 180 } },
  { name: 'Techno', chart: 'inactive', upload: 'coming-soon', bpm: { min: 120, max: 150 } },
  { name: 'UK Garage', chart: 'inactive', upload: 'coming-soon', bpm: { min: 128, max: 140 } },
  { name: 'EDM', chart: 'none', upload: 'coming-soon', bpm: { min: 120, max: 150 } },
  { name: 'Dubstep', chart: 'none', upload: 'coming-soon', bpm: { min: 135, max: 145 } },
] as const;

export type Genre = (typeof GENRES)[number]['name'];
export const GENRE_NAMES = GENRES.map((g) => g.name) as unknown as readonly [Genre, ...Genre[]];

export const CHART_GENRES = GENRES.filter((g) => g.chart !== 'none').map((g) => g.name);
export const ACTIVE_CHART_GENRES = GENRES.filter((g) => g.chart === 'active').map((g) => g.name);
export const DEFAULT_CHART_GENRE: Genre = 'Minimal / Deep Tech';
export const UPLOAD_GENRES = GENRES.filter((g) => g.upload === 'selectable').map((g) => g.name);

export const INTEREST_GENRES = [
  'Drum & Bass',
  'Garage',
  'House / Tech house',
  'Minimal / Deep Tech',
  'Techno',
] as const;
export type InterestGenre = (typeof INTEREST_GENRES)[number];

export interface TempoRange {
  min: number;
  max: number;
}

/** Each genre's usual tempo range in BPM. */
export const GENRE_TEMPO_RANGES = Object.fromEntries(GENRES.map((g) => [g.name, g.bpm])) as Record<
  Genre,
  TempoRange
>;

export function isActiveChartGenre(genre: string): boolean {
  return (ACTIVE_CHART_GENRES as readonly string[]).includes(genre);
}
