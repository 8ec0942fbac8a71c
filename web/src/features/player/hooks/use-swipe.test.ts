import { act, renderHook } from '@testing-library/react';
import type { PointerEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEEK_HANDLE_ATTRIBUTE } from '../components/ring-scrubber';
import { useSwipe } from './use-swipe';

/** The parts of a pointer event the gesture reads. */
function pointer(x: number, y: number, target: Element = document.body): PointerEvent<HTMLElement> {
  return {
    clientX: x,
    clientY: y,
    pointerId: 1,
    isPrimary: true,
    pointerType: 'touch',
    button: 0,
    target,
    currentTarget: { setPointerCapture: () => undefined },
  } as unknown as PointerEvent<HTMLElement>;
}

function drag(handlers: ReturnType<typeof useSwipe>['handlers'], dx: number, dy = 0, target?: Element) {
  act(() => {
    handlers.onPointerDown(pointer(100, 100, target));
    for (let step = 1; step <= 5; step++)
      handlers.onPointerMove(pointer(100 + (dx * step) / 5, 100 + (dy * step) / 5, target));
    handlers.onPointerUp(pointer(100 + dx, 100 + dy, target));
  });
}

describe('the deck swipe', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows the finger, then commits past 50 px after 200 ms, right to like and left to skip', async () => {
    const onSwipe = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useSwipe(onSwipe, 'track-1'));
    act(() => {
      result.current.handlers.onPointerDown(pointer(100, 100));
      result.current.handlers.onPointerMove(pointer(130, 102));
    });
    expect(result.current.state).toEqual({ offset: 30, leaving: null, subject: null, isDragging: true });
    act(() => {
      result.current.handlers.onPointerUp(pointer(160, 104));
    });
    expect(result.current.state).toMatchObject({ leaving: 'right', subject: 'track-1' });
    expect(onSwipe).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(200);
      await Promise.resolve();
    });
    expect(onSwipe).toHaveBeenCalledWith('right');
    // Once the action has run, the card is back at rest.
    expect(result.current.state.offset).toBe(0);

    drag(result.current.handlers, -80);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onSwipe).toHaveBeenLastCalledWith('left');
  });

  it('snaps back under 50 px or when mostly vertical, and never starts on the seek handle', () => {
    const onSwipe = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useSwipe(onSwipe, 'track-1'));
    drag(result.current.handlers, 50);
    drag(result.current.handlers, 70, 90);
    const handle = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    handle.setAttribute(SEEK_HANDLE_ATTRIBUTE, '');
    drag(result.current.handlers, 150, 0, handle);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onSwipe).not.toHaveBeenCalled();
    expect(result.current.state).toEqual({ offset: 0, leaving: null, subject: null, isDragging: false });
  });
});
