import { useEffect } from 'react';

/** styles.css turns animations and transitions off under this class. */
export const HIDDEN_PAGE_CLASS = 'page-hidden';

/** Spec 002 §4: while the tab is hidden, apply the reduced-motion style; nobody is watching. */
export function useHiddenPageMotion(): void {
  useEffect(() => {
    const root = document.documentElement;
    const update = () => root.classList.toggle(HIDDEN_PAGE_CLASS, document.visibilityState === 'hidden');
    update();
    document.addEventListener('visibilitychange', update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      root.classList.remove(HIDDEN_PAGE_CLASS);
    };
  }, []);
}
