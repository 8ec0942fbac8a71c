import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  TOAST_INSET_VARIABLE,
  Toaster,
  dismissToast,
  preloadToaster,
  toast,
  useTopBarYieldsToToast,
} from './toast';

function TopBar() {
  return <p>{useTopBarYieldsToToast().isYielding ? 'yielding' : 'bar'}</p>;
}

describe('toast', () => {
  // The toasts' rendering is a lazy chunk; fetched first, it renders in the same pass.
  beforeAll(preloadToaster);
  afterEach(cleanup);

  it('shows a toast through the toaster', async () => {
    render(<Toaster />);
    const ids: number[] = [];
    act(() => {
      ids.push(toast.success('Track uploaded successfully'), toast.error('Failed to upload track'));
    });
    // The toasts' rendering is fetched at the first toast.
    expect(await screen.findByText('Track uploaded successfully')).toBeTruthy();
    expect(screen.getByText('Failed to upload track')).toBeTruthy();
    act(() => {
      for (const id of ids) dismissToast(id);
    });
  });

  it('on a phone the top bar yields its place to an open toast, and takes it back after', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <>
          <TopBar />
          <Toaster />
        </>,
      );
      let id = 0;
      act(() => {
        id = toast.info('Saved to your library');
      });
      expect(await screen.findByText('yielding')).toBeTruthy();
      expect(document.documentElement.style.getPropertyValue(TOAST_INSET_VARIABLE)).toMatch(/^\d+px$/);
      act(() => {
        dismissToast(id);
        vi.advanceTimersByTime(300);
      });
      expect(await screen.findByText('bar')).toBeTruthy();
      expect(document.documentElement.style.getPropertyValue(TOAST_INSET_VARIABLE)).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
