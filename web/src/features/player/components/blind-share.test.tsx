import { BLIND_SHARE_MESSAGES } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { playerApi } from '../api/player-api';
import { revealedFrom, usePlayerStore } from '../player-store';
import { revealOf } from '../test-reveal';
import { BlindShare } from './blind-share';
import { stubPlayback } from '../test-playback';

const TOKEN = 'Q2xhcmlvbl9MaWdodHNfMQ';
const ALIAS = '6f1d2c3b-0000-4000-8000-000000000011';

function renderShare(isSignedIn: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return render(
    wrap(
      <BlindShare
        token={TOKEN}
        isSignedIn={isSignedIn}
        signUpLink={<a href="/signup/listener">Sign up free to hear it</a>}
        logInLink={<a href="/login">Log in</a>}
        discoverLink={<a href="/player">Discover more blind tracks</a>}
        artistHref={(id) => `/artist/${id}`}
      />,
    ),
  );
}

beforeEach(() => {
  stubPlayback();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  usePlayerStore.getState().clear();
});

describe('a blind share link', () => {
  it('asks a visitor to sign up to hear it, naming nothing', async () => {
    vi.spyOn(playerApi, 'sharedTrack').mockResolvedValue({ durationMs: 184_000 });
    const deal = vi.spyOn(playerApi, 'shareDeal');
    renderShare(false);
    expect(
      await screen.findByRole('heading', { name: 'Someone shared a track with you, blind' }),
    ).toBeDefined();
    expect(screen.getByText(/3:04 long/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Sign up free to hear it' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Hear it blind' })).toBeNull();
    expect(deal).not.toHaveBeenCalled();
  });

  it('plays it blind for a listener, and names it only after their like', async () => {
    vi.spyOn(playerApi, 'sharedTrack').mockResolvedValue({ durationMs: 60_000 });
    vi.spyOn(playerApi, 'shareDeal').mockResolvedValue({
      state: 'track',
      track: { id: ALIAS, durationMs: 60_000 },
    });
    const like = vi.spyOn(playerApi, 'like').mockResolvedValue(revealOf(ALIAS, 6));
    renderShare(true);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Hear it blind' }));
    });
    expect(usePlayerStore.getState().currentTrack).toEqual({ id: ALIAS, durationMs: 60_000 });
    expect(screen.queryByText('Tidal Lock')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Like it to find out who made it' }));
    });
    expect(like).toHaveBeenCalledWith(ALIAS, false, 0);
    const revealed = screen.getByRole('region', { name: 'Revealed track' });
    expect(revealed.textContent).toContain('Tidal Lock');
    expect(screen.getByRole('link', { name: 'Halden Marr' }).getAttribute('href')).toBe(
      '/artist/6f1d2c3b-0000-4000-8000-0000000000aa',
    );
    expect(usePlayerStore.getState().revealed?.title).toBe('Tidal Lock');
  });

  it('names the track as soon as it is liked from the mini player instead', async () => {
    vi.spyOn(playerApi, 'sharedTrack').mockResolvedValue({ durationMs: 60_000 });
    vi.spyOn(playerApi, 'shareDeal').mockResolvedValue({
      state: 'track',
      track: { id: ALIAS, durationMs: 60_000 },
    });
    renderShare(true);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Hear it blind' }));
    });
    act(() => {
      usePlayerStore.getState().markLiked(revealedFrom(ALIAS, revealOf(ALIAS, 6)));
    });
    expect(screen.getByRole('region', { name: 'Revealed track' }).textContent).toContain('Tidal Lock');
    expect(screen.queryByRole('button', { name: 'Like it to find out who made it' })).toBeNull();
  });

  it("plays a visitor the server's blind preview, stops it at its length and asks them in", async () => {
    vi.spyOn(playerApi, 'sharedTrack').mockResolvedValue({ durationMs: 184_000 });
    const preview = vi
      .spyOn(playerApi, 'sharePreview')
      .mockResolvedValue({ url: '/media/stream/sealed-1?exp=9999999999', durationMs: 30_000 });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const at = vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockReturnValue(0);
    const deal = vi.spyOn(playerApi, 'shareDeal');
    renderShare(false);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: BLIND_SHARE_MESSAGES.previewPlay }));
    });
    expect(preview).toHaveBeenCalledWith(TOKEN);
    expect(play).toHaveBeenCalledTimes(1);
    const element = play.mock.contexts[0] as HTMLAudioElement;
    expect(element.src).toContain('/media/stream/sealed-1');
    act(() => {
      element.dispatchEvent(new Event('playing'));
    });
    expect(screen.getByRole('button', { name: BLIND_SHARE_MESSAGES.previewPause })).toBeDefined();

    // Its last two seconds fade; at its length it stops, whatever the file's padding holds.
    at.mockReturnValue(29);
    act(() => {
      element.dispatchEvent(new Event('timeupdate'));
    });
    expect(element.volume).toBeCloseTo(0.5);
    expect(screen.getByText('0:29 / 0:30')).toBeDefined();
    at.mockReturnValue(30.2);
    act(() => {
      element.dispatchEvent(new Event('timeupdate'));
    });
    expect(pause).toHaveBeenCalled();
    expect(screen.getByText(BLIND_SHARE_MESSAGES.previewEnded)).toBeDefined();
    expect(screen.getByText('0:30 / 0:30')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Sign up free to hear it' })).toBeDefined();
    expect(deal).not.toHaveBeenCalled();
  });

  it('resumes a preview paused past its URL on a new one, from where it was', async () => {
    vi.spyOn(playerApi, 'sharedTrack').mockResolvedValue({ durationMs: 184_000 });
    const preview = vi
      .spyOn(playerApi, 'sharePreview')
      .mockResolvedValueOnce({ url: '/media/stream/sealed-1?exp=1', durationMs: 30_000 })
      .mockResolvedValueOnce({ url: '/media/stream/sealed-2?exp=2', durationMs: 30_000 });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockReturnValue(12);
    const seek = vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set');
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    renderShare(false);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: BLIND_SHARE_MESSAGES.previewPlay }));
    });
    const element = play.mock.contexts[0] as HTMLAudioElement;
    act(() => {
      element.dispatchEvent(new Event('playing'));
      element.dispatchEvent(new Event('pause'));
    });
    // A minute later it plays on the same URL; five minutes later on a new one, at 0:12.
    clock.mockReturnValue(1_060_000);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: BLIND_SHARE_MESSAGES.previewResume }));
    });
    expect(preview).toHaveBeenCalledTimes(1);
    act(() => {
      element.dispatchEvent(new Event('pause'));
    });
    clock.mockReturnValue(1_300_000);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: BLIND_SHARE_MESSAGES.previewResume }));
    });
    expect(preview).toHaveBeenCalledTimes(2);
    expect(element.src).toContain('/media/stream/sealed-2');
    expect(seek).toHaveBeenLastCalledWith(12);
  });

  it("says why a visitor's preview cannot play", async () => {
    vi.spyOn(playerApi, 'sharedTrack').mockResolvedValue({ durationMs: 60_000 });
    vi.spyOn(playerApi, 'sharePreview').mockRejectedValue(
      new ApiError({ status: 404, code: 'NOT_FOUND', message: BLIND_SHARE_MESSAGES.expired }),
    );
    renderShare(false);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: BLIND_SHARE_MESSAGES.previewPlay }));
    });
    expect(screen.getByText(BLIND_SHARE_MESSAGES.expired)).toBeDefined();
    expect(screen.getByRole('button', { name: BLIND_SHARE_MESSAGES.previewPlay })).toBeDefined();
  });

  it('says so when the link has expired, with a way on', async () => {
    vi.spyOn(playerApi, 'sharedTrack').mockRejectedValue(
      new ApiError({ status: 404, code: 'NOT_FOUND', message: BLIND_SHARE_MESSAGES.expired }),
    );
    renderShare(true);
    expect(await screen.findByRole('heading', { name: BLIND_SHARE_MESSAGES.expired })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Discover more blind tracks' })).toBeDefined();
  });

  it('tells the artist it is their own track', async () => {
    vi.spyOn(playerApi, 'sharedTrack').mockResolvedValue({ durationMs: 60_000 });
    vi.spyOn(playerApi, 'shareDeal').mockResolvedValue({ state: 'yours' });
    renderShare(true);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Hear it blind' }));
    });
    expect(screen.getByText(BLIND_SHARE_MESSAGES.yours)).toBeDefined();
  });
});
