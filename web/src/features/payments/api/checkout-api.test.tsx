import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStartCheckoutMutation } from './checkout-api';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;
const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
const USER = '4a3b2c1d-0000-4000-8000-000000000001';

function start() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () =>
      useStartCheckoutMutation({
        success: 'http://localhost/profile?upgrade=success',
        cancel: 'http://localhost/profile?upgrade=cancelled',
        upgradeType: 'track_limit_upgrade',
      }),
    { wrapper },
  );
}

describe('useStartCheckoutMutation', () => {
  let fetchMock: FetchMock;
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    assign = vi.fn();
    vi.stubGlobal('location', {
      origin: 'http://localhost',
      href: 'http://localhost/',
      pathname: '/',
      assign,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('prepares the checkout user, starts the checkout for it and goes to the payment page', async () => {
    fetchMock
      .mockReturnValueOnce(json(200, { user_id: USER, is_temporary: true }))
      .mockReturnValueOnce(
        json(200, { url: 'http://localhost/payments/local/checkout/cs_local_1', sessionId: 'cs_local_1' }),
      );
    const { result } = start();
    act(() => {
      result.current.mutate();
    });
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('http://localhost/payments/local/checkout/cs_local_1');
    });
    const [first, second] = fetchMock.mock.calls;
    expect(first?.[0]).toEqual(expect.stringContaining('/functions/v1/create-checkout-user'));
    expect(second?.[0]).toEqual(expect.stringMatching(/\/functions\/v1\/create-checkout$/));
    expect(JSON.parse(second?.[1]?.body as string)).toEqual({
      price_id: 'price_klang_artist_pro_monthly',
      success_url: 'http://localhost/profile?upgrade=success',
      cancel_url: 'http://localhost/profile?upgrade=cancelled',
      mode: 'subscription',
      user_id: USER,
      metadata: { product_id: 'artist_subscription', user_id: USER, upgrade_type: 'track_limit_upgrade' },
    });
  });

  it.each([
    [
      'the user cannot be prepared',
      [json(500, { error: 'boom', code: 'INTERNAL' })],
      'Failed to prepare checkout. Please try again.',
    ],
    [
      'the server refuses the checkout',
      [
        json(200, { user_id: USER, is_temporary: false }),
        json(409, { error: 'You already have an active Artist Pro subscription.', code: 'CONFLICT' }),
      ],
      'You already have an active Artist Pro subscription.',
    ],
    [
      'the provider fails',
      [
        json(200, { user_id: USER, is_temporary: false }),
        json(503, { error: 'Failed to create checkout session', code: 'UNAVAILABLE' }),
      ],
      'Failed to create checkout session',
    ],
    [
      'no url comes back',
      [json(200, { user_id: USER, is_temporary: false }), json(200, {})],
      'No checkout URL received from server',
    ],
  ])('shows the spec text when %s', async (_case, answers, message) => {
    for (const answer of answers) fetchMock.mockReturnValueOnce(answer);
    const { result } = start();
    act(() => {
      result.current.mutate();
    });
    await waitFor(() => {
      expect(result.current.error?.message).toBe(message);
    });
    expect(assign).not.toHaveBeenCalled();
  });
});
