/**
 * Memoizes rendered notes by their sound-relevant fields. Loops repeat the same notes bar after
 * bar; caching turns the pitched parts from per-sample synthesis into sample playback, which cut
 * render time several-fold.
 */
export interface NoteCache<T> {
  get(key: string, render: () => T): T;
}

export function createNoteCache<T>(): NoteCache<T> {
  const entries = new Map<string, T>();
  return {
    get(key, render) {
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const rendered = render();
      entries.set(key, rendered);
      return rendered;
    },
  };
}
