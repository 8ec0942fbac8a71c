import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageViews } from './use-page-views';

function Shell() {
  usePageViews();
  return <Outlet />;
}

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function sentBodies(fetchMock: FetchMock): unknown[] {
  return fetchMock.mock.calls.map(([, init]) => {
    const body = init?.body;
    return typeof body === 'string' ? (JSON.parse(body) as unknown) : null;
  });
}

describe('usePageViews', () => {
  let fetchMock: FetchMock;

  beforeEach(() => {
    localStorage.clear();
    fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 202 })));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('posts one page view per route change, with a stable visitor id', async () => {
    const router = createMemoryRouter(
      [
        {
          Component: Shell,
          children: [
            { path: '/faq', element: <p>faq</p> },
            { path: '/roadmap', element: <p>roadmap</p> },
          ],
        },
      ],
      { initialEntries: ['/faq?ref=mail'] },
    );
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    await act(() => router.navigate('/faq?tab=artists'));
    await act(() => router.navigate('/roadmap'));

    const visitorId = localStorage.getItem('klang-visitor');
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sentBodies(fetchMock)).toEqual([
      { name: 'page_view', path: '/faq', visitorId },
      { name: 'page_view', path: '/roadmap', referrer: '/faq', visitorId },
    ]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/analytics/events');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
  });

  it('ignores a failing endpoint', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const router = createMemoryRouter(
      [{ Component: Shell, children: [{ path: '/faq', element: <p>faq</p> }] }],
      {
        initialEntries: ['/faq'],
      },
    );

    expect(() => render(<RouterProvider router={router} />)).not.toThrow();
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
