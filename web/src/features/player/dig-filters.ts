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
 * Checks what a form produced against the server's own rules (the same schema): the filters, or
 * the first rule broken, in the server's words.
 */
export function checkFilters(filters: DigFilters): { filters: DigFilters } | { error: string } {
  const parsed = nextTrackQuerySchema.safeParse({
    ...filters,
    ...(filters.halfDouble !== undefined && { halfDouble: String(filters.halfDouble) }),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the filters' };
  const { current: _current, mixWith: _mixWith, ...rest } = parsed.data;
  return { filters: rest };
}
