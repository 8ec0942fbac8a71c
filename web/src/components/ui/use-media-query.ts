import { useSyncExternalStore } from 'react';

/** The desktop shell's breakpoint (Tailwind's `lg`): the sidebar and the now-playing bar. */
export const DESKTOP_QUERY = '(min-width: 64rem)';

// A browser without matchMedia (an old engine, a test DOM) reads as matching nothing: the phone layout.
const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** Whether a CSS media query matches now; follows it as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!canMatch()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    () => canMatch() && window.matchMedia(query).matches,
    () => false,
  );
}
