import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutReturnBanner } from './checkout-return-banner';

function renderAt(entry: string, onUpgraded = vi.fn()) {
  const router = createMemoryRouter(
    [{ path: '/profile', element: <CheckoutReturnBanner onUpgraded={onUpgraded} /> }],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return { router, onUpgraded };
}

describe('CheckoutReturnBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('says the upgrade succeeded for 5 seconds, refreshes the account, then strips the query', () => {
    const { router, onUpgraded } = renderAt('/profile?upgrade=success&tab=x');
    expect(screen.getByText('Upgrade Successful!')).toBeTruthy();
    expect(onUpgraded).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(screen.getByText('Upgrade Successful!')).toBeTruthy();
    // Asked again once the webhook has had time to land.
    expect(onUpgraded).toHaveBeenCalledTimes(2);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByText('Upgrade Successful!')).toBeNull();
    expect(router.state.location.search).toBe('?tab=x');
  });

  it('reads the other return target, ?checkout=cancelled, and refreshes nothing', () => {
    const { router, onUpgraded } = renderAt('/profile?checkout=cancelled');
    expect(screen.getByText('Upgrade Cancelled')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.queryByText('Upgrade Cancelled')).toBeNull();
    expect(router.state.location.search).toBe('');
    expect(onUpgraded).not.toHaveBeenCalled();
  });

  it('shows nothing for an ordinary visit', () => {
    renderAt('/profile');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
