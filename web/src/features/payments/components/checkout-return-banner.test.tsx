import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutReturnBanner, UPGRADE_POLL_MS, UPGRADE_WAIT_MS } from './checkout-return-banner';

/** The plan (paymentsEndpoints.subscription) answers `status` for the first reads, then `later`. */
function stubSubscription(statuses: (string | null)[]) {
  const fetchMock = vi.fn(() => {
    const status = statuses.length > 1 ? statuses.shift() : statuses[0];
    const body = {
      tier: 'trial',
      status: status ?? null,
      provider: status ? 'local' : null,
      currentPeriodEnd: null,
      trialEnd: null,
      trialEndDate: null,
      cancelAtPeriodEnd: false,
      canManage: Boolean(status),
    };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(entry: string, onUpgraded = vi.fn()) {
  const router = createMemoryRouter(
    [{ path: '/profile', element: <CheckoutReturnBanner onUpgraded={onUpgraded} /> }],
    { initialEntries: [entry] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, onUpgraded };
}

describe('CheckoutReturnBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says the upgrade succeeded for 5 seconds, then strips the query', async () => {
    stubSubscription(['trialing']);
    const { router } = renderAt('/profile?upgrade=success&tab=x');
    expect(screen.getByText('Upgrade Successful!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.getByText('Upgrade Successful!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Upgrade Successful!')).toBeNull();
    expect(router.state.location.search).toBe('?tab=x');
  });

  it('refreshes the account as soon as the payment is applied, not before', async () => {
    // The webhook lands on the third read.
    const fetchMock = stubSubscription([null, null, 'trialing']);
    const { onUpgraded } = renderAt('/profile?upgrade=success');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onUpgraded).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(UPGRADE_POLL_MS));
    expect(onUpgraded).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(UPGRADE_POLL_MS));
    expect(onUpgraded).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // And then it stops asking.
    await act(() => vi.advanceTimersByTimeAsync(UPGRADE_POLL_MS * 5));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up waiting after a while and refreshes anyway', async () => {
    const fetchMock = stubSubscription([null]);
    const { onUpgraded } = renderAt('/profile?upgrade=success');
    await act(() => vi.advanceTimersByTimeAsync(UPGRADE_WAIT_MS + UPGRADE_POLL_MS));
    expect(onUpgraded).toHaveBeenCalledTimes(1);
    const reads = fetchMock.mock.calls.length;
    expect(reads).toBeGreaterThan(UPGRADE_WAIT_MS / UPGRADE_POLL_MS - 2);
    await act(() => vi.advanceTimersByTimeAsync(UPGRADE_POLL_MS * 5));
    expect(fetchMock).toHaveBeenCalledTimes(reads);
  });

  it('reads the other return target, ?checkout=cancelled, and refreshes nothing', async () => {
    const fetchMock = stubSubscription([null]);
    const { router, onUpgraded } = renderAt('/profile?checkout=cancelled');
    expect(screen.getByText('Upgrade Cancelled')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByText('Upgrade Cancelled')).toBeNull();
    expect(router.state.location.search).toBe('');
    expect(onUpgraded).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows nothing for an ordinary visit', () => {
    stubSubscription([null]);
    renderAt('/profile');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
