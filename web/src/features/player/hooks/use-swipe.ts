import { useRef, type PointerEvent } from 'react';
import { LIMITS } from '@klang/domain';

/**
 * Spec 001 §4 swipe: more than 50 px, mostly horizontal; the action fires 200 ms later, after
 * the card has moved out. Left skips, right likes.
 */
export function useSwipe(onSwipe: (direction: 'left' | 'right') => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      // A drag that starts on the scrubber seeks and a press on a control presses it: neither swipes.
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="slider"], button, a, input')) {
        start.current = null;
        return;
      }
      start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) <= LIMITS.swipeThresholdPx || Math.abs(dx) <= Math.abs(dy)) return;
      const direction = dx > 0 ? 'right' : 'left';
      window.setTimeout(() => {
        onSwipe(direction);
      }, LIMITS.swipeActionDelayMs);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
