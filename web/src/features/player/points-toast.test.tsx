import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, preloadToaster } from '../../components/ui/toast';
import { formatPoints, showPointsToast } from './points-toast';

describe('points toasts', () => {
  // The toasts' rendering is a lazy chunk (decision 0112); fetched first, it renders at once.
  beforeAll(preloadToaster);
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('words one point and many', () => {
    expect(formatPoints(1)).toBe('+1 K-Point');
    expect(formatPoints(1500)).toBe('+1,500 K-Points');
  });

  it('gathers quick awards into one toast that counts up, and shows nothing for 0', () => {
    render(<Toaster />);
    act(() => {
      showPointsToast(0);
    });
    expect(screen.queryByText(/K-Point/)).toBeNull();
    act(() => {
      showPointsToast(1);
      vi.advanceTimersByTime(500);
      showPointsToast(1);
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByText('+2 K-Points')).toBeTruthy();
    expect(screen.queryByText('+1 K-Point')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(5_000);
      showPointsToast(60, 'For listening');
      vi.advanceTimersByTime(300);
    });
    expect(screen.getByText('+60 K-Points')).toBeTruthy();
  });
});
