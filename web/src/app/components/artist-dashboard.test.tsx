import type { DashboardStats, TrackHooks } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArtistDashboard } from './artist-dashboard';

const TRACK_ID = '00000000-0000-4000-8000-00000000000a';

const stats: DashboardStats = {
  totals: { tracks: 1, plays: 20, likes: 4, dislikes: 6, libraryAdds: 1, followers: 3, featured: 1 },
  tracks: [
    {
      id: TRACK_ID,
      title: 'Harbour Lights',
      genre: 'Drum n Bass',
      likes: 4,
      dislikes: 6,
      addedToLibrary: 1,
      playCount: 20,
      featured: true,
      chart: null,
    },
  ],
  daily: [],
};

const hooks: TrackHooks = {
  status: 'not_enough_listeners',
  trackId: TRACK_ID,
  title: 'Harbour Lights',
  minListeners: 5,
  message: 'Not enough listeners yet',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ArtistDashboard', () => {
  it("shows the tracks' stats with the analytics' Hooks tab, and its refresh refetches both", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url === '/api/tracks/dashboard') return new Response(JSON.stringify(stats), { status: 200 });
        if (url.endsWith(`/${TRACK_ID}/hooks`)) return new Response(JSON.stringify(hooks), { status: 200 });
        return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), {
          status: 404,
        });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ArtistDashboard />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Engagement rate')).toBeDefined();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Hooks' }));
    // The tab's code (and its charting library) loads on first open.
    expect(await screen.findByText('Not enough listeners yet', {}, { timeout: 10_000 })).toBeDefined();
    const hookCalls = () => asked.filter((url) => url.endsWith('/hooks')).length;
    const dashboardCalls = () => asked.filter((url) => url === '/api/tracks/dashboard').length;
    expect([dashboardCalls(), hookCalls()]).toEqual([1, 1]);

    await user.click(screen.getByRole('button', { name: 'Refresh stats' }));
    await vi.waitFor(() => {
      expect([dashboardCalls(), hookCalls()]).toEqual([2, 2]);
    });
  });
});
