import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { LIMITS } from '@klang/domain';
import { SEEK_HANDLE_ATTRIBUTE } from '../components/ring-scrubber';

export type SwipeDirection = 'left' | 'right';

/** How far the pointer moves before the gesture is known to be horizontal or vertical. */
const DECIDE_PX = 8;

/** Where the card is: following the finger, flying out after a commit, or at rest. */
export interface SwipeState {
  /** The card's horizontal offset in px. */
  offset: number;
  /** A swipe that was committed, while the card leaves the screen and its action runs. */
  leaving: SwipeDirection | null;
  /** What the committed swipe was about (the track on the card then). */
  subject: string | null;
  /** True while a finger (or mouse) holds the card: no transition then. */
  isDragging: boolean;
}

const AT_REST: SwipeState = { offset: 0, leaving: null, subject: null, isDragging: false };

/**
 * The Discover card as a deck (spec 001 §4, issue 17): the whole card follows a horizontal drag;
 * released past 50 px, mostly horizontal, it flies out and the action fires 200 ms later (left
 * skips, right likes); under that it snaps back. The card stays out until the action has run, so
 * a skip's next card is dealt in its place; `subject` (the track on the card) tells them apart. A drag that starts on the ring's handle seeks
 * and a press on a control presses it: neither moves the card. A vertical drag scrolls the page.
 */
export function useSwipe(onSwipe: (direction: SwipeDirection) => Promise<void>, subject: string | null) {
  const start = useRef<{ x: number; y: number; id: number; axis: 'x' | 'y' | null } | null>(null);
  const [state, setState] = useState<SwipeState>(AT_REST);
  const timer = useRef<number | undefined>(undefined);
  const onSwipeRef = useRef(onSwipe);
  const subjectRef = useRef(subject);
  useEffect(() => {
    onSwipeRef.current = onSwipe;
    subjectRef.current = subject;
  }, [onSwipe, subject]);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );

  const release = useCallback((dx: number, dy: number) => {
    if (Math.abs(dx) <= LIMITS.swipeThresholdPx || Math.abs(dx) <= Math.abs(dy)) {
      setState(AT_REST);
      return;
    }
    const direction: SwipeDirection = dx > 0 ? 'right' : 'left';
    setState({ offset: dx, leaving: direction, subject: subjectRef.current, isDragging: false });
    timer.current = window.setTimeout(() => {
      void onSwipeRef.current(direction).finally(() => {
        setState(AT_REST);
      });
    }, LIMITS.swipeActionDelayMs);
  }, []);

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      const target = event.target instanceof Element ? event.target : null;
      if (
        !event.isPrimary ||
        (event.pointerType === 'mouse' && event.button !== 0) ||
        target?.closest(`[${SEEK_HANDLE_ATTRIBUTE}], button, a, input`)
      ) {
        start.current = null;
        return;
      }
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId, axis: null };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const from = start.current;
      if (from?.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (!from.axis) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) < DECIDE_PX) return;
        from.axis = Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
        if (from.axis === 'x') event.currentTarget.setPointerCapture(event.pointerId);
      }
      if (from.axis === 'x') setState({ offset: dx, leaving: null, subject: null, isDragging: true });
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const from = start.current;
      start.current = null;
      if (from?.id !== event.pointerId) return;
      release(event.clientX - from.x, event.clientY - from.y);
    },
    onPointerCancel: () => {
      start.current = null;
      setState(AT_REST);
    },
  };

  return { handlers, state };
}
