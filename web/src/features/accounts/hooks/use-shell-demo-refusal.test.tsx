import {
  ACCOUNT_MESSAGES,
  DEMO_ACCOUNT,
  followsEndpoints,
  forumEndpoints,
  paymentsEndpoints,
  tracksEndpoints,
  type Endpoint,
} from '@klang/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../auth-store';
import { useShellDemoRefusal } from './use-shell-demo-refusal';

function refuse(message: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message } }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    ),
  );
}

/** Calls the entry as its screen does; only where the refusal came from matters here. */
async function call(entry: Endpoint, params?: Record<string, string>) {
  const anyEntry = api.call as (
    entry: Endpoint,
    options: { params?: Record<string, string>; body?: unknown },
  ) => Promise<unknown>;
  await act(async () => {
    await anyEntry(entry, { ...(params && { params }), body: {} }).catch(() => undefined);
  });
}

describe('useShellDemoRefusal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.setState({ user: null });
  });

  it('opens the demo popup for the demo account refused a forum post, a follow or a checkout', async () => {
    useAuthStore.setState({ user: { id: 'demo-id', email: DEMO_ACCOUNT.email } });
    const { result } = renderHook(() => useShellDemoRefusal());

    refuse(ACCOUNT_MESSAGES.demoForum);
    await call(forumEndpoints.createForumPost);
    expect(result.current.message).toBe(ACCOUNT_MESSAGES.demoForum);
    act(() => {
      result.current.close();
    });
    expect(result.current.message).toBeNull();

    refuse(ACCOUNT_MESSAGES.demoFollow);
    await call(followsEndpoints.followArtist, { artistId: 'artist-id' });
    expect(result.current.message).toBe(ACCOUNT_MESSAGES.demoFollow);
    act(() => {
      result.current.close();
    });

    refuse(ACCOUNT_MESSAGES.demoSubscription);
    await call(paymentsEndpoints.createCheckout);
    expect(result.current.message).toBe(ACCOUNT_MESSAGES.demoSubscription);
  });

  it('leaves other refusals, and everyone but the demo account, to the screens', async () => {
    useAuthStore.setState({ user: { id: 'demo-id', email: DEMO_ACCOUNT.email } });
    const { result } = renderHook(() => useShellDemoRefusal());
    // The profile's own popup answers a subscription refusal outside the checkout.
    refuse(ACCOUNT_MESSAGES.demoSubscription);
    await call(paymentsEndpoints.cancelSubscription);
    refuse('Track not found or you do not have permission to modify it');
    await call(tracksEndpoints.setTrackFeatured, { trackId: 'x' });
    expect(result.current.message).toBeNull();

    useAuthStore.setState({ user: { id: 'someone', email: 'someone@example.com' } });
    refuse(ACCOUNT_MESSAGES.demoForum);
    await call(forumEndpoints.createForumPost);
    expect(result.current.message).toBeNull();
  });
});
