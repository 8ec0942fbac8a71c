import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRedirectTarget } from '../features/accounts/auth-redirect';
import { useAuthStore } from '../features/accounts/auth-store';
import { paths } from './paths';
import { RequireAuth } from './require-auth';

function LoginProbe() {
  const location = useLocation();
  return <p>login, returning to {readRedirectTarget(location.state) ?? 'nowhere'}</p>;
}

/** A listener's session as GET /api/accounts/session confirms it. */
const CONFIRMED_SESSION = {
  user: { id: '8d7f1b1e-0c39-4a8e-9a57-2b7f0d1c9e11', email: 'ada@example.com' },
  profile: null,
  userType: 'listener',
  subscriptionTier: 'free',
  isDemo: false,
  isAdmin: false,
  emailVerified: true,
};

function renderAt(entries: string[], loginLoader?: () => Promise<null>) {
  const router = createMemoryRouter(
    [
      { path: paths.howItWorks, element: <p>how it works</p> },
      { path: paths.login, element: <LoginProbe />, ...(loginLoader && { loader: loginLoader }) },
      { element: <RequireAuth />, children: [{ path: paths.library, element: <p>your library</p> }] },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {/* What react-router/dom's provider passes, so a navigation's flushSync commits at once. */}
      <RouterProvider
        router={router}
        flushSync={(fn) => {
          flushSync(fn);
        }}
      />
    </QueryClientProvider>,
  );
  return router;
}

describe('RequireAuth', () => {
  let serverSession: unknown = null;
  beforeEach(() => {
    useAuthStore.getState().clearSession();
    serverSession = null;
    // The server's answer to GET /api/accounts/session, and 0 points for the daily login check.
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          new Response(
            JSON.stringify(url.includes('daily-login') ? { xpAwarded: 0 } : { session: serverSession }),
            {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            },
          ),
        ),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends a signed-out visitor to /login, keeping where they were going', async () => {
    const router = renderAt([paths.howItWorks, `${paths.library}?sort=recent#top`]);

    expect(await screen.findByText('login, returning to /library?sort=recent#top')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('replaces the protected entry, so Back skips it', async () => {
    const router = renderAt([paths.howItWorks, paths.library]);
    await screen.findByText(/login, returning to/);

    await router.navigate(-1);

    expect(router.state.location.pathname).toBe(paths.howItWorks);
    expect(await screen.findByText('how it works')).toBeTruthy();
  });

  it('lets a user through whose session the server confirms', async () => {
    serverSession = CONFIRMED_SESSION;
    const router = renderAt([paths.library]);

    expect(await screen.findByText('your library')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.library);
  });

  it('lets a sign-out leave for /login without remembering the screen it left', async () => {
    serverSession = CONFIRMED_SESSION;
    // The login screen's chunk is still downloading when the user is cleared, as on a real phone.
    let chunkArrives: ((value: null) => void) | undefined;
    const chunk = new Promise<null>((resolve) => {
      chunkArrives = resolve;
    });
    const router = renderAt([paths.library], () => chunk);
    await screen.findByText('your library');

    let leaving: Promise<void> = Promise.resolve();
    act(() => {
      leaving = router.navigate(paths.login, { replace: true, flushSync: true });
    });
    act(() => {
      useAuthStore.getState().clearSession();
    });
    await act(async () => {
      chunkArrives?.(null);
      await leaving;
    });

    expect(await screen.findByText('login, returning to nowhere')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it('signs out a stored user the server no longer knows', async () => {
    useAuthStore.getState().setSession({ id: 'user-1', email: 'ada@example.com' });
    renderAt([paths.library]);

    expect(await screen.findByText('login, returning to /library')).toBeTruthy();
    expect(useAuthStore.getState().user).toBeNull();
  });
});
