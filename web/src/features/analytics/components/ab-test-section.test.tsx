import { AB_TEST_MESSAGES, type AbTest, type AbVersionFigures, type TrackAbTest } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbTestSection } from './ab-test-section';

const TRACK_ID = '00000000-0000-4000-8000-00000000000a';
const B_ID = '00000000-0000-4000-8000-00000000000b';
const OTHER_ID = '00000000-0000-4000-8000-00000000000c';
const TEST_ID = '00000000-0000-4000-8000-0000000000ab';
const PAGE_URL = `/api/analytics/tracks/${TRACK_ID}/ab-test`;

const idle: TrackAbTest = {
  trackId: TRACK_ID,
  title: 'Harbour Lights',
  featured: true,
  allowed: true,
  candidates: [
    { trackId: B_ID, title: 'Harbour Lights (short intro)', durationMs: 172_000 },
    { trackId: OTHER_ID, title: 'Harbour Lights (remaster)', durationMs: null },
  ],
  test: null,
};

function figures(
  listeners: number,
  likes: number,
  skips: number,
  interval: [number, number],
): AbVersionFigures {
  return {
    listeners,
    likes,
    skips,
    likeRate: likes / (likes + skips),
    interval: { low: interval[0], high: interval[1] },
    skipCurve: Array.from({ length: 21 }, (_, i) => ({ positionMs: i * 9_000, share: 1 - i * 0.02 })),
    medianSecondsToLike: 14,
  };
}

const running: AbTest = {
  id: TEST_ID,
  status: 'running',
  versionA: { trackId: TRACK_ID, title: 'Harbour Lights', durationMs: 180_000 },
  versionB: { trackId: B_ID, title: 'Harbour Lights (short intro)', durationMs: 172_000 },
  cap: 2000,
  startedAt: '2026-12-01T10:00:00.000Z',
  endedAt: null,
  a: null,
  b: null,
  probabilityBBeatsA: null,
  threshold: null,
};

const withFigures: AbTest = {
  ...running,
  a: figures(40, 16, 24, [0.26, 0.55]),
  b: figures(45, 26, 19, [0.43, 0.71]),
  probabilityBBeatsA: 0.873,
  threshold: 0.9994,
};

type Answer = { status: number; body: unknown };

/** Answers the page with `page`, and each POST with the next of `posts`; records what was sent. */
function renderSection(page: TrackAbTest, posts: Answer[] = []) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      sent.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const answer = method === 'GET' ? { status: 200, body: page } : posts.shift();
      if (!answer) throw new Error(`unexpected ${method} ${url}`);
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AbTestSection trackId={TRACK_ID} links={{ plans: '/artist-subscription', tracks: '/profile' }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { posts: () => sent.filter((r) => r.method === 'POST') };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AbTestSection set-up', () => {
  it('says a test is part of Pro, with the way to the plans, and offers no form', async () => {
    renderSection({ ...idle, allowed: false });
    expect(await screen.findByText(AB_TEST_MESSAGES.proOnly)).toBeDefined();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe(
      '/artist-subscription',
    );
    expect(screen.getByText(/never both/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Start test' })).toBeNull();
  });

  it('asks to feature the track first, with the way to the tracks', async () => {
    renderSection({ ...idle, featured: false });
    expect(await screen.findByText(new RegExp(AB_TEST_MESSAGES.notFeatured))).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to your tracks' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('button', { name: 'Start test' })).toBeNull();
  });

  it('asks for another upload when there is no version B', async () => {
    renderSection({ ...idle, candidates: [] });
    expect(await screen.findByText(/Upload another version first/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Upload a version' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('button', { name: 'Start test' })).toBeNull();
  });

  it('checks the cap with the shared schema before anything is sent', async () => {
    const { posts } = renderSection(idle);
    const cap = await screen.findByLabelText('Cap (listeners per version)');
    expect((cap as HTMLInputElement).value).toBe('2000');
    for (const typed of ['20', '20001', 'lots', '']) {
      fireEvent.change(cap, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Start test' }));
      expect(await screen.findByText(AB_TEST_MESSAGES.capOutOfRange)).toBeDefined();
      expect(cap.getAttribute('aria-invalid')).toBe('true');
    }
    // An edit clears the message: it spoke of the value as it was.
    fireEvent.change(cap, { target: { value: '2,500' } });
    expect(screen.queryByText(AB_TEST_MESSAGES.capOutOfRange)).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('starts with the first upload as version B and the cap typed, then shows the running test', async () => {
    const { posts } = renderSection(idle, [{ status: 201, body: { ...idle, test: running } }]);
    const versionB = await screen.findByRole('combobox', { name: 'Version B' });
    expect(versionB.textContent).toBe('Harbour Lights (short intro) · 2:52');
    fireEvent.change(screen.getByLabelText('Cap (listeners per version)'), { target: { value: '1,500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start test' }));
    expect(await screen.findByText(/^Running since 1 December 2026/)).toBeDefined();
    expect(posts()).toEqual([{ method: 'POST', url: PAGE_URL, body: { versionBTrackId: B_ID, cap: 1500 } }]);
    expect(screen.queryByRole('button', { name: 'Start test' })).toBeNull();
  });

  it("shows the server's refusal beside the button", async () => {
    renderSection(idle, [
      { status: 409, body: { error: { code: 'CONFLICT', message: AB_TEST_MESSAGES.alreadyRunning } } },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    expect((await screen.findByRole('alert')).textContent).toBe(AB_TEST_MESSAGES.alreadyRunning);
  });
});

describe('AbTestSection comparison', () => {
  it('shows the floor message per version below five listeners, and no number', async () => {
    renderSection({ ...idle, test: running });
    expect(await screen.findAllByText(AB_TEST_MESSAGES.notEnoughListeners)).toHaveLength(2);
    expect(screen.getByText('Shown once both versions have figures.')).toBeDefined();
    expect(screen.getByText('Cap: 2,000 listeners per version')).toBeDefined();
    expect(screen.queryByText('Like rate')).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop test' })).toBeDefined();
    // A test runs: no second one can be set up beside it.
    expect(screen.queryByRole('button', { name: 'Start test' })).toBeNull();
  });

  it("shows both versions' like rates with their intervals, P(B beats A) against the bar, and the curves", async () => {
    renderSection({ ...idle, test: withFigures });
    const a = (await screen.findByRole('heading', { name: 'Version A' })).closest('section');
    const b = screen.getByRole('heading', { name: 'Version B' }).closest('section');
    if (!a || !b) throw new Error('no version cards');
    expect(within(a).getByText('40%')).toBeDefined();
    expect(within(a).getByText('95% interval 26–55% · 16 liked · 24 skipped')).toBeDefined();
    expect(within(a).getByText('Featured')).toBeDefined();
    expect(within(b).getByText('58%')).toBeDefined();
    expect(within(b).getByText('95% interval 43–71% · 26 liked · 19 skipped')).toBeDefined();
    expect(within(b).getByText('45')).toBeDefined();
    expect(within(b).getByText('14 s')).toBeDefined();
    const probability = screen
      .getByRole('heading', { name: 'Probability that B beats A' })
      .closest('section');
    if (!probability) throw new Error('no probability');
    expect(within(probability).getByText('87.3%')).toBeDefined();
    expect(within(probability).getByText('99.9%')).toBeDefined();
    const curveA = screen.getByRole('table', { name: 'Version A skip curve' });
    expect(within(curveA).getAllByRole('row')).toHaveLength(22);
    expect(within(curveA).getByRole('row', { name: '1:30 80%' })).toBeDefined();
    expect(screen.getByRole('table', { name: 'Version B skip curve' })).toBeDefined();
    const csv = screen.getByRole('link', { name: 'Download test CSV' });
    expect(csv.getAttribute('href')).toBe(`${PAGE_URL}.csv`);
    expect(csv.hasAttribute('download')).toBe(true);
  });

  it('stops only after the confirmation, then offers another test', async () => {
    const stopped: AbTest = { ...withFigures, status: 'stopped', endedAt: '2026-12-03T09:00:00.000Z' };
    const { posts } = renderSection({ ...idle, test: withFigures }, [
      { status: 200, body: { ...idle, test: stopped } },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop this test?' });
    expect(within(dialog).getByText(/version A stays the featured version/)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Stop test' }));
    const again = await screen.findByRole('dialog', { name: 'Stop this test?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Stop test' }));
    expect(await screen.findByText(/^Stopped on 3 December 2026 without a winner/)).toBeDefined();
    expect(posts()).toEqual([{ method: 'POST', url: `${PAGE_URL}/stop`, body: undefined }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Start another test' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Start test' })).toBeDefined();
  });

  it('names the winner of an ended test', async () => {
    renderSection({
      ...idle,
      test: {
        ...withFigures,
        status: 'b-won',
        endedAt: '2026-12-04T09:00:00.000Z',
        probabilityBBeatsA: 0.9996,
      },
    });
    expect(await screen.findByText(/^Version B won on 4 December 2026/)).toBeDefined();
    const b = screen.getByRole('heading', { name: 'Version B' }).closest('section');
    if (!b) throw new Error('no card');
    expect(within(b).getByText('Winner')).toBeDefined();
    expect(screen.getByText('over 99.9%')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Stop test' })).toBeNull();
  });
});
