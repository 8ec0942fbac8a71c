import type { TrackAbTest, TrackHooks } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HookAnalytics } from './hook-analytics';

const READY_ID = '00000000-0000-4000-8000-00000000000a';
const QUIET_ID = '00000000-0000-4000-8000-00000000000b';

const ready: TrackHooks = {
  status: 'ready',
  trackId: READY_ID,
  title: 'Harbour Lights',
  genre: 'Drum n Bass',
  durationMs: 180_000,
  listeners: 10,
  deals: 12,
  likes: 4,
  skips: 6,
  left: 2,
  likeRate: 0.4,
  genreMedianLikeRate: 0.32,
  skipCurve: {
    positioned: 10,
    withoutPosition: 2,
    points: Array.from({ length: 21 }, (_, i) => ({ positionMs: i * 9_000, share: 1 - i * 0.025 })),
  },
  secondsToLike: {
    timedLikes: 4,
    medianSeconds: 17.5,
    bins: [
      { fromSeconds: 0, toSeconds: 10, likes: 1 },
      { fromSeconds: 10, toSeconds: 30, likes: 3 },
      { fromSeconds: 30, toSeconds: null, likes: 0 },
    ],
  },
  blindNotes: null,
  waveform: [],
};

/** Ten note-giving listeners: reasons in SKIP_REASONS order, moments on the skip curve's grid. */
const notes: NonNullable<Extract<TrackHooks, { status: 'ready' }>['blindNotes']> = {
  listeners: 10,
  reasons: [
    { reason: 'intro-too-long', notes: 4 },
    { reason: 'not-my-style', notes: 2 },
    { reason: 'mix-or-sound', notes: 1 },
    { reason: 'vocals', notes: 0 },
    { reason: 'too-slow', notes: 3 },
    { reason: 'too-fast', notes: 0 },
  ],
  moments: Array.from({ length: 21 }, (_, i) => ({ positionMs: i * 9_000, notes: i === 6 ? 5 : i % 4 })),
};

/** A track that can be tested but has no second upload yet. */
function abTestPage(trackId: string): TrackAbTest {
  return { trackId, title: 'Fresh', featured: true, allowed: true, candidates: [], test: null };
}

function renderWith(tracks: { id: string; title: string }[], answers: Record<string, TrackHooks>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const tested = /tracks\/([^/]+)\/ab-test$/.exec(url)?.[1];
      if (tested) return new Response(JSON.stringify(abTestPage(tested)), { status: 200 });
      const id = /tracks\/([^/]+)\/hooks$/.exec(url)?.[1] ?? '';
      const body = answers[id];
      return body
        ? new Response(JSON.stringify(body), { status: 200 })
        : new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Track not found' } }), {
            status: 404,
          });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HookAnalytics tracks={tracks} abTestLinks={{ plans: '/artist-subscription', tracks: '/profile' }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HookAnalytics', () => {
  it("shows a track's figures, the comparison with its genre, tables and the CSV link", async () => {
    renderWith([{ id: READY_ID, title: 'Harbour Lights' }], { [READY_ID]: ready });
    expect(await screen.findByText('Based on 10 blind listeners')).toBeDefined();
    const figures = screen.getByText('Like rate').closest('dl');
    if (!figures) throw new Error('no figures');
    expect(within(figures).getByText('12')).toBeDefined();
    expect(within(figures).getByText('40%')).toBeDefined();
    expect(within(figures).getByText('8 pts above the genre median 32%')).toBeDefined();
    expect(within(figures).getByText('18 s')).toBeDefined();
    expect(within(figures).getByText('median of 4 likes')).toBeDefined();
    expect(within(figures).getByText('50%')).toBeDefined();
    expect(within(figures).getByText('4 liked · 6 skipped · 2 left')).toBeDefined();
    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe(`/api/analytics/tracks/${READY_ID}/hooks.csv`);
    expect(link.hasAttribute('download')).toBe(true);
    const curve = screen.getByRole('table', { name: 'Skip curve' });
    expect(within(curve).getAllByRole('row')).toHaveLength(22);
    expect(within(curve).getByRole('row', { name: '1:30 75%' })).toBeDefined();
    const likes = screen.getByRole('table', { name: 'Seconds to like' });
    expect(within(likes).getByRole('row', { name: '10 to 30 s 3' })).toBeDefined();
    expect(within(likes).getByRole('row', { name: '30 s or more 0' })).toBeDefined();
    expect(
      screen.getByText('2 of 12 deals ended without a reported position and are left out.'),
    ).toBeDefined();
  });

  it('says so when the track has too few listeners, and shows no number', async () => {
    renderWith([{ id: QUIET_ID, title: 'Fresh' }], {
      [QUIET_ID]: {
        status: 'not_enough_listeners',
        trackId: QUIET_ID,
        title: 'Fresh',
        minListeners: 5,
        message: 'Not enough listeners yet',
      },
    });
    expect(await screen.findByText('Not enough listeners yet')).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    // A fresh test starts with no listeners, so its set-up shows all the same.
    expect(screen.getByRole('heading', { name: 'A/B test' })).toBeDefined();
    expect(await screen.findByRole('link', { name: 'Upload a version' })).toBeDefined();
  });

  it('has empty states for a track without positions or likes, and for no tracks', async () => {
    const { unmount } = renderWith([{ id: READY_ID, title: 'Harbour Lights' }], {
      [READY_ID]: {
        ...ready,
        likes: 0,
        likeRate: 0,
        skipCurve: { positioned: 0, withoutPosition: 12, points: [] },
        secondsToLike: { timedLikes: 0, medianSeconds: null, bins: [] },
      },
    });
    expect(await screen.findByText('No skip positions yet')).toBeDefined();
    expect(screen.getByText('No likes yet')).toBeDefined();
    unmount();
    renderWith([], {});
    expect(screen.getByText('No tracks yet')).toBeDefined();
  });

  it('says when a chart waits for five contributing listeners', async () => {
    renderWith([{ id: READY_ID, title: 'Harbour Lights' }], {
      [READY_ID]: {
        ...ready,
        skipCurve: { positioned: 3, withoutPosition: 9, points: [] },
        secondsToLike: { timedLikes: 3, medianSeconds: null, bins: [] },
      },
    });
    // Each in the chart's place and in its table.
    expect(await screen.findAllByText('Not enough positions yet')).toHaveLength(2);
    expect(screen.getAllByText('Not enough likes yet')).toHaveLength(2);
    expect(screen.getByText('shown from 5 likes')).toBeDefined();
  });

  it('shows the error with a way to try again', async () => {
    renderWith([{ id: QUIET_ID, title: 'Gone' }], {});
    expect(await screen.findByRole('alert')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeDefined();
  });

  it('shows Blind Notes: reason counts, the moment map over the skip curve, and their tables', async () => {
    renderWith([{ id: READY_ID, title: 'Harbour Lights' }], {
      [READY_ID]: { ...ready, blindNotes: notes, waveform: [0.2, 0.9, 0.4] },
    });
    const section = (await screen.findByRole('heading', { name: 'Blind Notes' })).closest('section');
    if (!section) throw new Error('no Blind Notes section');
    // The map is drawn over the track's own waveform, and its key says so.
    expect(within(section).getByText("The track's waveform")).toBeDefined();
    expect(within(section).getByText("Based on 10 listeners' notes")).toBeDefined();
    expect(within(section).getByRole('heading', { name: 'Why they skipped' })).toBeDefined();
    expect(within(section).getByRole('heading', { name: 'Moment map' })).toBeDefined();
    const reasons = within(section).getByRole('table', { name: 'Skip reasons' });
    expect(within(reasons).getAllByRole('row')).toHaveLength(7);
    expect(within(reasons).getByRole('row', { name: 'Intro too long 4' })).toBeDefined();
    expect(within(reasons).getByRole('row', { name: 'Vocals 0' })).toBeDefined();
    const moments = within(section).getByRole('table', { name: 'Moment map' });
    expect(within(moments).getAllByRole('row')).toHaveLength(22);
    expect(within(moments).getByRole('row', { name: '0:54 5' })).toBeDefined();
    expect(screen.queryByText(/Blind Notes appear once/)).toBeNull();
  });

  it('keeps the waveform out of the key when the upload stored none', async () => {
    renderWith([{ id: READY_ID, title: 'Harbour Lights' }], {
      [READY_ID]: { ...ready, blindNotes: notes },
    });
    await screen.findByRole('heading', { name: 'Moment map' });
    expect(screen.queryByText("The track's waveform")).toBeNull();
  });

  it('says in one line when Blind Notes wait for five listeners, and shows no note', async () => {
    renderWith([{ id: READY_ID, title: 'Harbour Lights' }], { [READY_ID]: ready });
    expect(
      await screen.findByText('Blind Notes appear once 5 different listeners have left one.'),
    ).toBeDefined();
    expect(screen.queryByRole('table', { name: 'Skip reasons' })).toBeNull();
    expect(screen.queryByText(/listeners' notes/)).toBeNull();
  });
});
