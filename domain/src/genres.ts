/**
 * One genre catalogue for client and server, with a flag per context (product-decisions.md, Genres).
 * The interest form keeps its own spelling of the names, as spec 000 §5 gives them.
 */
export const GENRES = [
  { name: 'Minimal / Deep Tech', chart: 'active', upload: 'selectable' },
  { name: 'House / Tech House', chart: 'active', upload: 'selectable' },
  { name: 'Drum n Bass', chart: 'inactive', upload: 'selectable' },
  { name: 'Techno', chart: 'inactive', upload: 'coming-soon' },
  { name: 'UK Garage', chart: 'inactive', upload: 'coming-soon' },
  { name: 'EDM', chart: 'none', upload: 'coming-soon' },
  { name: 'Dubstep', chart: 'none', upload: 'coming-soon' },
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

export function isActiveChartGenre(genre: string): boolean {
  return (ACTIVE_CHART_GENRES as readonly string[]).includes(genre);
}
