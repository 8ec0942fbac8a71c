import { useCallback, useEffect, useRef, useState } from 'react';

/** An error line that clears itself (spec 002 §8: errors clear after 3 to 5 s). */
export function useTimedMessage(durationMs: number) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback(
    (text: string) => {
      window.clearTimeout(timer.current);
      setMessage(text);
      timer.current = window.setTimeout(() => {
        setMessage(null);
      }, durationMs);
    },
    [durationMs],
  );
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );
  return { message, show };
}
