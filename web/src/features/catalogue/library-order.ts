import type { RevealedListedTrack } from '@klang/domain';

export const LIBRARY_SORTS = [
  { value: 'recent', label: 'Recent' },
  { value: 'title', label: 'Title' },
  { value: 'artist', label: 'Artist' },
  { value: 'bpm', label: 'BPM' },
  { value: 'key', label: 'Key' },
] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number]['value'];

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A Camelot code's place on the wheel, 1A, 1B, 2A…; no key sorts last. */
function camelotRank(code: string | null): number {
  const match = code ? /^(\d+)([AB])$/.exec(code) : null;
  return match ? Number(match[1]) * 2 + (match[2] === 'B' ? 1 : 0) : Infinity;
}

/**
 * The library in the chosen order. The server lists it most recently added first, which is
 * 'recent'; title and artist sort by name (artist, then title), case and accents aside; bpm and
 * key by the liked track's tempo and Camelot key.
 */
export function sortLibrary(
  tracks: readonly RevealedListedTrack[],
  sort: LibrarySort,
): RevealedListedTrack[] {
  const copy = [...tracks];
  if (sort === 'title') return copy.sort((a, b) => collator.compare(a.title, b.title));
  if (sort === 'artist')
    return copy.sort((a, b) => collator.compare(a.artist, b.artist) || collator.compare(a.title, b.title));
  // Tempo and key as a DJ crate sorts: slowest first, the Camelot wheel from 1A; unknown last.
  if (sort === 'bpm') return copy.sort((a, b) => (a.sound.bpm ?? Infinity) - (b.sound.bpm ?? Infinity));
  if (sort === 'key') return copy.sort((a, b) => camelotRank(a.sound.key) - camelotRank(b.sound.key));
  return copy;
}
