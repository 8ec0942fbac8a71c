import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerApi } from './api/player-api';
import { getAudioElement } from './audio/audio-engine';
import { discover, useDiscoverStore } from './discover-store';
import { connectMediaSession, type MediaSessionLike } from './media-session';
import { usePlayerStore } from './player-store';
import { revealOf } from './test-reveal';
import { stubPlayback } from './test-playback';

const FIRST = { id: '6f1d2c3b-0000-4000-8000-000000000001', durationMs: 60_000 };
const SECOND = { id: '6f1d2c3b-0000-4000-8000-000000000002', durationMs: 60_000 };
const REVEAL = revealOf(FIRST.id, 5);

/** jsdom has no Media Session: a session that keeps what Klang hands it. */
function fakeSession() {
  const handlers = new Map<MediaSessionAction, MediaSessionActionHandler>();
  const session = {
    metadata: null as MediaMetadata | null,
    playbackState: 'none' as MediaSessionPlaybackState,
    setActionHandler: (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
      if (handler) handlers.set(action, handler);
      else handlers.delete(action);
    },
    setPositionState: vi.fn(),
  } satisfies MediaSessionLike;
  const run = (action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) => {
    const handler = handlers.get(action);
    if (!handler) throw new Error(`no ${action} handler`);
    handler({ action, ...details });
  };
  return { session, handlers, run };
}

describe('the lock screen (Media Session)', () => {
  let disconnect: () => void = () => undefined;

  beforeEach(() => {
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(readonly init: MediaMetadataInit) {}
      },
    );
    stubPlayback();
    vi.spyOn(playerApi, 'next')
      .mockResolvedValueOnce({ state: 'track', track: FIRST, tuned: false })
      .mockResolvedValue({ state: 'track', track: SECOND, tuned: false });
    vi.spyOn(playerApi, 'leave').mockResolvedValue(undefined);
  });
  afterEach(() => {
    disconnect();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    usePlayerStore.getState().clear();
  });

  const shown = (session: MediaSessionLike) =>
    (session.metadata as unknown as { init: MediaMetadataInit } | null)?.init ?? null;

  it('names nothing of a blind track, and the track once the listener likes it', async () => {
    const { session } = fakeSession();
    disconnect = connectMediaSession(session);
    expect(session.metadata).toBeNull();

    await discover.start();
    const masked = shown(session);
    expect(masked).toEqual({
      title: 'Klang',
      artist: 'Unknown artist',
      artwork: [
        { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      ],
    });

    vi.spyOn(playerApi, 'like').mockResolvedValue(REVEAL);
    await discover.like();
    expect(shown(session)).toEqual({
      title: 'Tidal Lock',
      artist: 'Halden Marr',
      album: 'Klang',
      artwork: [{ src: REVEAL.track.coverUrl }],
    });

    // The next blind track is masked again, though the last one's reveal is still stored.
    await discover.next();
    expect(usePlayerStore.getState().currentTrack).toEqual(SECOND);
    expect(shown(session)).toEqual(masked);
  });

  it("masks a chart's blind play too, and names a liked track played from the library", () => {
    const { session } = fakeSession();
    disconnect = connectMediaSession(session);
    usePlayerStore.getState().setCurrentTrack(FIRST, 'charts');
    expect(shown(session)?.artist).toBe('Unknown artist');
    usePlayerStore.getState().setCurrentTrack(SECOND, 'library');
    usePlayerStore.getState().markLiked({
      trackId: SECOND.id,
      title: 'Salt Flats',
      artist: 'Oona Vey',
      artistId: REVEAL.artist.id,
      coverUrl: null,
    });
    expect(shown(session)).toMatchObject({ title: 'Salt Flats', artist: 'Oona Vey' });
    // No next on a single list track: the lock screen does not offer one.
  });

  it("skips through the deck's own skip, so the server records a normal skip", async () => {
    const dislike = vi.spyOn(playerApi, 'dislike').mockResolvedValue({ pointsAwarded: 1 });
    const { session, handlers, run } = fakeSession();
    disconnect = connectMediaSession(session);
    expect(handlers.has('nexttrack')).toBe(false);

    await discover.start();
    run('nexttrack');
    await vi.waitFor(() => {
      expect(usePlayerStore.getState().currentTrack).toEqual(SECOND);
    });
    expect(dislike).toHaveBeenCalledExactlyOnceWith(FIRST.id, 0);

    // After a like, "next" moves on as the reveal card's Next does: no dislike of a liked track.
    vi.spyOn(playerApi, 'like').mockResolvedValue({ ...REVEAL, track: { ...REVEAL.track, id: SECOND.id } });
    await discover.like();
    expect(useDiscoverStore.getState().reveal).not.toBeNull();
    run('nexttrack');
    await vi.waitFor(() => {
      expect(useDiscoverStore.getState().reveal).toBeNull();
    });
    expect(dislike).toHaveBeenCalledTimes(1);
  });

  it('plays, pauses and seeks the one audio element', async () => {
    const { session, run } = fakeSession();
    disconnect = connectMediaSession(session);
    await discover.start();
    const audio = getAudioElement();
    const pause = vi.spyOn(audio, 'pause');
    const play = vi.spyOn(audio, 'play');
    run('pause');
    expect(pause).toHaveBeenCalled();
    run('play');
    await vi.waitFor(() => {
      expect(play).toHaveBeenCalledTimes(2);
    });
    run('seekto', { seekTime: 42 });
    expect(audio.currentTime).toBe(42);
  });
});
