import { MESSAGES } from '@klang/domain';
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';
import { RouteError } from './route-error';

function Crashing(): never {
  throw new Error('render failed');
}

function Layout() {
  return (
    <>
      <header>site header</header>
      <Outlet />
    </>
  );
}

// Nested under a layout as in router.tsx: that is where React Router would otherwise swallow a
// failed lazy import (see lazy-screen.tsx).
function renderRoute(route: {
  lazy?: () => Promise<{ Component: ComponentType }>;
  Component?: ComponentType;
}) {
  const router = createMemoryRouter(
    [{ Component: Layout, children: [{ path: '/privacy', errorElement: <RouteError />, ...route }] }],
    { initialEntries: ['/privacy'] },
  );
  render(<RouterProvider router={router} />);
}

describe('RouteError', () => {
  beforeEach(() => {
    // React and the router report the caught error on the console; the assertions are on screen.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows "Something went wrong" when a screen throws while rendering', async () => {
    renderRoute({ Component: Crashing });

    expect(await screen.findByRole('heading', { name: MESSAGES.somethingWentWrong })).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGES.reloadPage })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.pageFailedToLoad)).toBeNull();
    expect(screen.queryByText(/render failed/)).toBeNull();
  });

  it.each([
    'Failed to fetch dynamically imported module: http://localhost/assets/privacy-Bx1.js',
    'error loading dynamically imported module: http://localhost/assets/privacy-Bx1.js',
    'Importing a module script failed.',
  ])('shows "Page Failed to Load" when the route code cannot load (%s)', async (message) => {
    renderRoute({ lazy: lazyScreen(() => Promise.reject(new TypeError(message))) });

    expect(await screen.findByRole('heading', { name: MESSAGES.pageFailedToLoad })).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGES.reloadPage })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.somethingWentWrong)).toBeNull();
    // The layout stays, so the visitor can still navigate away.
    expect(screen.getByText('site header')).toBeTruthy();
  });
});
