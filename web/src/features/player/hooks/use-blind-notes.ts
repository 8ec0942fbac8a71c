import { blindNotes, useBlindNotesStore, type DealMoments } from '../blind-notes-store';

/** The "Why skip?" strip's view: the skipped deal it asks about, and what the last tap came to. */
export function useSkipReasonOffer() {
  const reasonFor = useBlindNotesStore((state) => state.reasonFor);
  const reasonNote = useBlindNotesStore((state) => state.reasonNote);
  return { reasonFor, reasonNote, ...blindNotes };
}

/** The marks of the deal `alias`; none yet while the store holds another deal's. */
export function useDealMoments(alias: string): DealMoments | null {
  return useBlindNotesStore((state) => (state.moments?.alias === alias ? state.moments : null));
}
