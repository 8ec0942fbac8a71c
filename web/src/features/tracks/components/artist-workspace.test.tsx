import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArtistWorkspace } from './artist-workspace';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ArtistWorkspace dashboard', () => {
  it('closes the dashboard modal when a link inside it leads to this same page', async () => {
    // The track list may fail here: the Dashboard button is there all the same.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const workspace = (
      <ArtistWorkspace
        upgradePath="/profile?offer=upgrade"
        kitPath="/creator-tools"
        onDemoRefusal={() => false}
        goldBadgeSrc=""
        dashboard={<Link to="/profile">Go to your tracks</Link>}
      />
    );
    const router = createMemoryRouter([{ path: '/profile', element: workspace }], {
      initialEntries: ['/profile'],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Dashboard' }));
    expect(await screen.findByRole('dialog', { name: 'Dashboard' })).toBeDefined();
    fireEvent.click(screen.getByRole('link', { name: 'Go to your tracks' }));
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Dashboard' })).toBeNull();
    });
    // And it opens again as before.
    fireEvent.click(screen.getByRole('button', { name: 'Dashboard' }));
    expect(await screen.findByRole('dialog', { name: 'Dashboard' })).toBeDefined();
  });
});
