import { nextTrackQuerySchema, type NextTrackQuery } from '@klang/domain';

/** What a listener digs the blind deck by (issue 28, decision 0266); empty digs everything. */
export type DigFilters = Omit<NextTrackQuery, 'current' | 'mixWith' | 'surprise'>;

export const NO_FILTERS: DigFilters = {};

const ENERGY_WORDS = { low: 'low energy', mid: 'mid energy', high: 'high energy' } as const;

/** How many of the filters are set, for the Filters button's count. */
export function countFilters(filters: DigFilters): number {
  return (
    (filters.bpmMin !== undefined || filters.bpmMax !== undefined ? 1 : 0) +
    (filters.key ? 1 : 0) +
    (filters.energy ? 1 : 0) +
    (filters.genre ? 1 : 0)
  );
}

/** The tempo filter in words: "172–176 BPM", "from 120 BPM", "up to 100 BPM", half and double time. */
function tempoWords(filters: DigFilters): string | null {
  const { bpmMin: min, bpmMax: max } = filters;
  if (min === undefined && max === undefined) return null;
  const range =
    min !== undefined && max !== undefined
      ? `${String(min)}–${String(max)} BPM`
      : min !== undefined
        ? `from ${String(min)} BPM`
        : `up to ${String(max)} BPM`;
  return filters.halfDouble ? `${range} (or half or double time)` : range;
}

/**
 * The filters as the deck's empty message names them (SOUND_MESSAGES.filterEmpty): "172–176 BPM,
 * keys that mix with 8A, high energy, Drum n Bass".
 */
export function describeFilters(filters: DigFilters): string {
  return [
    tempoWords(filters),
    filters.key ? `keys that mix with ${filters.key}` : null,
    filters.energy ? ENERGY_WORDS[filters.energy] : null,
    filters.genre ?? null,
  ]
    .filter((part): part is string => part !== null)
    .join(', ');
}

/**
 * The filters' form, in the deck's query as a query string carries it: text as typed, the
 * half-and-double box as 'true', and what is unset absent. The server's schema checks it as is.
 */
export type DigForm = Partial<
  Record<'bpmMin' | 'bpmMax' | 'halfDouble' | 'key', string | undefined> & {
    energy: DigFilters['energy'];
    genre: DigFilters['genre'];
  }
>;

/** The form that shows the filters in force. */
export function formOf(filters: DigFilters): DigForm {
  return {
    bpmMin: filters.bpmMin?.toString(),
    bpmMax: filters.bpmMax?.toString(),
    halfDouble: filters.halfDouble ? 'true' : undefined,
    key: filters.key,
    energy: filters.energy,
    genre: filters.genre,
  };
}

/**
 * A checked form's filters as the deck reads them (numbers, the key in capitals), what is unset
 * left out; half and double time only with a tempo to apply it to.
 */
export function filtersOf({ halfDouble, ...form }: DigForm): DigFilters {
  const hasTempo = form.bpmMin !== undefined || form.bpmMax !== undefined;
  const {
    current: _current,
    mixWith: _mixWith,
    surprise: _surprise,
    ...filters
  } = nextTrackQuerySchema.parse({ ...form, ...(hasTempo && halfDouble && { halfDouble }) });
  // The form's empty boxes are undefined keys; the filters have no key for them.
  const set = Object.entries(filters as Record<string, unknown>).filter(([, value]) => value !== undefined);
  return Object.fromEntries(set);
}
