import { BLIND_SHARE_CARD, BLIND_SHARE_MESSAGES } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { playerApi } from '../api/player-api';
import { BlindEmbed } from './blind-embed';

const TOKEN = 'Q2xhcmlvbl9MaWdodHNfMQ';

function renderEmbed() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BlindEmbed token={TOKEN} shareHref={`/s/${TOKEN}`} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the embedded blind player', () => {
  it('offers the preview and a link out to the share page, naming nothing', async () => {
    vi.spyOn(playerApi, 'sharedTrack').mockResolvedValue({ durationMs: 184_000 });
    const deal = vi.spyOn(playerApi, 'shareDeal');
    renderEmbed();
    expect(await screen.findByRole('button', { name: BLIND_SHARE_MESSAGES.previewPlay })).toBeDefined();
    expect(screen.getByRole('main', { name: BLIND_SHARE_CARD.title })).toBeDefined();
    const out = screen.getByRole('link', { name: 'Hear it all on Klang' });
    expect(out.getAttribute('href')).toBe(`/s/${TOKEN}`);
    expect(out.getAttribute('target')).toBe('_blank');
    expect(out.getAttribute('rel')).toBe('noopener');
    // A frame on another site is no listener: it is dealt nothing.
    expect(deal).not.toHaveBeenCalled();
  });

  it('says so when the link has expired, and plays nothing', async () => {
    vi.spyOn(playerApi, 'sharedTrack').mockRejectedValue(
      new ApiError({ status: 404, code: 'NOT_FOUND', message: BLIND_SHARE_MESSAGES.expired }),
    );
    renderEmbed();
    expect(await screen.findByText(BLIND_SHARE_MESSAGES.expired)).toBeDefined();
    expect(screen.queryByRole('button', { name: BLIND_SHARE_MESSAGES.previewPlay })).toBeNull();
  });
});
