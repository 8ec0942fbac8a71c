import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toast';
import { paths } from '../paths';
import { Component as ArtistUrl } from './artist-url';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.home, element: <p>the home page</p> },
      { path: paths.artistUrl.pattern, element: <ArtistUrl /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

describe('the /{artistUrl} catch-all', () => {
  let answer: () => Response;
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer())),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the 404 page for an address that names no pro artist, without a toast or a redirect', async () => {
    answer = () => json(404, { error: { code: 'NOT_FOUND', message: 'Profile not available' } });
    const router = renderAt('/no-such-artist');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe(paths.home);
    expect(screen.getByRole('link', { name: 'Discover music' }).getAttribute('href')).toBe(paths.player);
    expect(screen.queryByText('Profile not available')).toBeNull();
    expect(router.state.location.pathname).toBe('/no-such-artist');
  });

  it('keeps the redirect home for a failure that is not a missing page', async () => {
    answer = () => json(500, { error: { code: 'INTERNAL', message: 'Something went wrong on our side' } });
    const router = renderAt('/some-artist');
    expect(await screen.findByText('the home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.home);
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });
});
