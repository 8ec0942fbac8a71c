import type { RevealedListedTrack } from '@klang/domain';

export const LIBRARY_SORTS = [
  { value: 'recent', label: 'Recent' },
  { value: 'title', label: 'Title' },
  { value: 'artist', label: 'Artist' },
] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number]['value'];

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The library in the chosen order. The server lists it most recently added first, which is
 * 'recent'; title and artist sort by name (artist, then title), case and accents aside.
 */
export function sortLibrary(
  tracks: readonly RevealedListedTrack[],
  sort: LibrarySort,
): RevealedListedTrack[] {
  const copy = [...tracks];
  if (sort === 'title') return copy.sort((a, b) => collator.compare(a.title, b.title));
  if (sort === 'artist')
    return copy.sort((a, b) => collator.compare(a.artist, b.artist) || collator.compare(a.title, b.title));
  return copy;
}
