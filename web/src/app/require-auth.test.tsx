import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRedirectTarget } from '../features/accounts/auth-redirect';
import { useAuthStore } from '../features/accounts/auth-store';
import { paths } from './paths';
import { RequireAuth } from './require-auth';

function LoginProbe() {
  const location = useLocation();
  return <p>login, returning to {readRedirectTarget(location.state) ?? 'nowhere'}</p>;
}

function renderAt(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: paths.howItWorks, element: <p>how it works</p> },
      { path: paths.login, element: <LoginProbe /> },
      { element: <RequireAuth />, children: [{ path: paths.library, element: <p>your library</p> }] },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RequireAuth', () => {
  beforeEach(() => {
    useAuthStore.getState().clearSession();
  });
  afterEach(cleanup);

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

  it('lets a signed-in user through', async () => {
    useAuthStore.getState().setSession({ id: 'user-1', email: 'ada@example.com' });
    const router = renderAt([paths.library]);

    expect(await screen.findByText('your library')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.library);
  });
});
