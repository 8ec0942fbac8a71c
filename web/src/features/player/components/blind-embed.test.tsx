import { BLIND_SHARE_CARD, BLIND_SHARE_MESSAGES } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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
  it('offers the preview and a link out to the share page, asking the server nothing first', async () => {
    const opened = vi.spyOn(playerApi, 'sharedTrack');
    const deal = vi.spyOn(playerApi, 'shareDeal');
    renderEmbed();
    expect(await screen.findByRole('button', { name: BLIND_SHARE_MESSAGES.previewPlay })).toBeDefined();
    expect(screen.getByRole('main', { name: BLIND_SHARE_CARD.title })).toBeDefined();
    const out = screen.getByRole('link', { name: 'Hear it all on Klang' });
    expect(out.getAttribute('href')).toBe(`/s/${TOKEN}`);
    expect(out.getAttribute('target')).toBe('_blank');
    expect(out.getAttribute('rel')).toBe('noopener');
    // A blog's reader is no share page opened, and a frame on another site is dealt nothing.
    expect(opened).not.toHaveBeenCalled();
    expect(deal).not.toHaveBeenCalled();
  });

  it('says so when the link has expired, once its reader presses play', async () => {
    vi.spyOn(playerApi, 'sharePreview').mockRejectedValue(
      new ApiError({ status: 404, code: 'NOT_FOUND', message: BLIND_SHARE_MESSAGES.expired }),
    );
    renderEmbed();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: BLIND_SHARE_MESSAGES.previewPlay }));
    });
    expect(screen.getByText(BLIND_SHARE_MESSAGES.expired)).toBeDefined();
  });
});
