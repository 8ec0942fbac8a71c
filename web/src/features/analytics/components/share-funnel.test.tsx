import { SHARE_FUNNEL_MESSAGES, type ShareFunnel } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { analyticsApi } from '../api/analytics-api';
import { ShareFunnelReport } from './share-funnel';

const day = (date: string, previews: number) => ({
  day: date,
  sharesMade: 1,
  opens: 3,
  previews,
  sharedDeals: 1,
  newListeners: 0,
});

const FUNNEL: ShareFunnel = {
  days: 30,
  sharesMade: 12,
  opens: 40,
  previews: 30,
  sharedDeals: 10,
  newListeners: 4,
  reveals: 48,
  sharedLikes: 6,
  sharesPerReveal: 0.25,
  signupsPerSharedPlay: 0.1,
  daily: [day('2026-11-27', 2), day('2026-11-28', 5)],
};

function renderReport() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ShareFunnelReport backLink={<a href="/player">Back to Discover</a>} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the share funnel report', () => {
  it('shows the two ratios with what they divide, the steps and the days, newest first', async () => {
    vi.spyOn(analyticsApi, 'shareFunnel').mockResolvedValue(FUNNEL);
    renderReport();
    expect(await screen.findByText('25%')).toBeDefined();
    expect(screen.getByText('12 links made from 48 reveals')).toBeDefined();
    expect(screen.getByText('10%')).toBeDefined();
    expect(screen.getByText('4 new listeners from 40 previews and shared plays')).toBeDefined();
    expect(screen.getByText('Liked blind by friends')).toBeDefined();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('28 Nov');
    expect(rows[2]?.textContent).toContain('27 Nov');
  });

  it('asks for another window', async () => {
    const funnel = vi.spyOn(analyticsApi, 'shareFunnel').mockResolvedValue(FUNNEL);
    renderReport();
    await screen.findByText('25%');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    });
    expect(funnel).toHaveBeenLastCalledWith(7);
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('tells anyone but the team that the page is not theirs, with a way back', async () => {
    vi.spyOn(analyticsApi, 'shareFunnel').mockRejectedValue(
      new ApiError({ status: 403, code: 'FORBIDDEN', message: SHARE_FUNNEL_MESSAGES.teamOnly }),
    );
    renderReport();
    expect(await screen.findByText(SHARE_FUNNEL_MESSAGES.teamOnly)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to Discover' })).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
