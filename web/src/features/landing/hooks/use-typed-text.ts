import { useEffect, useState } from 'react';

/**
 * Types `text` one character every `msPerCharacter` (spec 000 §9: 50 ms) and reports when it is
 * done. With `isInstant` (reduced motion) the whole text shows at once.
 */
export function useTypedText(text: string, msPerCharacter: number, isInstant: boolean) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (isInstant) return;
    const timer = window.setInterval(() => {
      setCount((previous) => {
        if (previous + 1 >= text.length) window.clearInterval(timer);
        return Math.min(previous + 1, text.length);
      });
    }, msPerCharacter);
    return () => {
      window.clearInterval(timer);
    };
  }, [text, msPerCharacter, isInstant]);
  const shown = isInstant ? text.length : count;
  return { typed: text.slice(0, shown), isDone: shown >= text.length };
}
