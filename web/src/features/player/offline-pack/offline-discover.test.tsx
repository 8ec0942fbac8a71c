import { OFFLINE_PACK_MESSAGES } from '@klang/domain';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeStorage, STORAGE_KEYS } from '../../../lib/storage';
import { playerApi } from '../api/player-api';
import { getAudioElement } from '../audio/audio-engine';
import { useBlindNotesStore } from '../blind-notes-store';
import { Discover } from '../components/discover';
import { discover, useDiscoverStore } from '../discover-store';
import { usePlayerStore } from '../player-store';
import { revealOf } from '../test-reveal';
import { offlinePack, useOfflinePackStore } from './offline-pack-store';
import { PACK_CACHE_NAME } from './pack-audio';
import { setPackOwnerSource } from './pack-owner';
import { readPackRecord } from './pack-record';
import { ALIASES, FakeCacheStorage, PACK_ID, packOf, setOnline, stubAudioFetch, USER_ID } from './test-pack';

const [FIRST, SECOND, THIRD] = ALIASES;
const ONLINE_DEAL = { id: '6f1d2c3b-0000-4000-8000-000000000009', durationMs: 60_000 };

let storage: FakeCacheStorage;
let fetchAudio: ReturnType<typeof stubAudioFetch>;
let objectUrls: number;
let revokeObjectUrl: ReturnType<typeof vi.fn>;

/** Every call Discover could make to the server; offline, none may be made. */
function spyOnTheNetwork() {
  return [
    vi.spyOn(playerApi, 'next'),
    vi.spyOn(playerApi, 'like'),
    vi.spyOn(playerApi, 'dislike'),
    vi.spyOn(playerApi, 'leave'),
    vi.spyOn(playerApi, 'secureUrl'),
    vi.spyOn(playerApi, 'markMoment'),
    vi.spyOn(playerApi, 'skipReason'),
    vi.spyOn(playerApi, 'syncOfflinePack'),
  ];
}

function verdicts() {
  return readPackRecord()?.tracks.map(({ alias, verdict }) => [alias, verdict?.ending, verdict?.positionMs]);
}

beforeEach(async () => {
  storage = new FakeCacheStorage();
  vi.stubGlobal('caches', storage);
  fetchAudio = stubAudioFetch();
  vi.stubGlobal('fetch', fetchAudio);
  objectUrls = 0;
  revokeObjectUrl = vi.fn();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => `blob:pack-${String((objectUrls += 1))}`),
      revokeObjectURL: revokeObjectUrl,
    }),
  );
  setPackOwnerSource(() => USER_ID);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  const audio = getAudioElement();
  vi.spyOn(audio, 'play').mockResolvedValue(undefined);
  vi.spyOn(audio, 'pause').mockImplementation(() => undefined);
  vi.spyOn(playerApi, 'dealOfflinePack').mockResolvedValue(packOf());
  await offlinePack.save(3);
  fetchAudio.mockClear();
});

afterEach(async () => {
  cleanup();
  usePlayerStore.getState().clear();
  await offlinePack.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Discover offline', () => {
  it("deals the pack's tracks from their saved audio and keeps every verdict on the device, with no network call", async () => {
    const network = spyOnTheNetwork();
    setOnline(false);
    const position = vi.spyOn(getAudioElement(), 'currentTime', 'get').mockReturnValue(12.3456);

    await discover.start();
    expect(usePlayerStore.getState().currentTrack).toEqual({ id: FIRST, durationMs: 180_000 });
    await vi.waitFor(() => {
      expect(getAudioElement().src).toBe('blob:pack-1');
    });

    await discover.skip();
    expect(usePlayerStore.getState().currentTrack?.id).toBe(SECOND);
    await vi.waitFor(() => {
      expect(getAudioElement().src).toBe('blob:pack-2');
    });
    // The last track's audio is let go of once the next one replaces it.
    expect(revokeObjectUrl).toHaveBeenCalledWith('blob:pack-1');
    expect(useBlindNotesStore.getState().reasonFor).toBeNull();

    await discover.like();
    expect(useDiscoverStore.getState()).toMatchObject({ likedOffline: SECOND, reveal: null });
    await discover.next();
    expect(usePlayerStore.getState().currentTrack?.id).toBe(THIRD);

    // Played to its end: left where it ended, and the pack is played through.
    position.mockReturnValue(180);
    getAudioElement().dispatchEvent(new Event('ended'));
    await vi.waitFor(() => {
      expect(useDiscoverStore.getState().phase).toBe('offline-empty');
    });
    expect(verdicts()).toEqual([
      [FIRST, 'skip', 12_345],
      [SECOND, 'like', 12_345],
      [THIRD, 'left', 180_000],
    ]);
    expect(fetchAudio).not.toHaveBeenCalled();
    for (const call of network) expect(call).not.toHaveBeenCalled();
  });

  it('keeps a pack track left as the page hides, and says so when there is no pack at all', async () => {
    const network = spyOnTheNetwork();
    setOnline(false);
    vi.spyOn(getAudioElement(), 'currentTime', 'get').mockReturnValue(31.5);
    await discover.start();
    window.dispatchEvent(new Event('pagehide'));
    expect(verdicts()?.[0]).toEqual([FIRST, 'left', 31_500]);

    act(() => {
      usePlayerStore.getState().clear();
    });
    await offlinePack.clear();
    await discover.start();
    expect(useDiscoverStore.getState().phase).toBe('offline-no-pack');
    for (const call of network) expect(call).not.toHaveBeenCalled();

    // Back online, the end state gives way to the start screen.
    setOnline(true);
    expect(useDiscoverStore.getState().phase).toBe('start');
  });

  it('lets the pack track playing when the connection returns finish, then deals from the online deck', async () => {
    setOnline(false);
    await discover.start();
    const sync = vi.spyOn(playerApi, 'syncOfflinePack').mockResolvedValue({
      results: [{ trackId: FIRST, state: 'recorded', reveal: null }],
      pointsAwarded: 1,
    });
    const next = vi
      .spyOn(playerApi, 'next')
      .mockResolvedValue({ state: 'track', track: ONLINE_DEAL, tuned: false });
    vi.spyOn(playerApi, 'secureUrl').mockResolvedValue({
      url: '/media/renditions/x.mp3',
      expiresAt: Date.now() + 600_000,
    });
    const dislike = vi.spyOn(playerApi, 'dislike');
    vi.spyOn(playerApi, 'leave').mockResolvedValue(undefined);
    setOnline(true);

    await discover.skip();
    // The skip went by the pack's sync, not as a dislike; the deck is not asked to follow the alias.
    expect(dislike).not.toHaveBeenCalled();
    await vi.waitFor(() => {
      expect(sync).toHaveBeenCalledWith(PACK_ID, [{ trackId: FIRST, ending: 'skip', positionMs: 0 }]);
    });
    expect(next).toHaveBeenCalledWith(null, {}, null, false);
    expect(usePlayerStore.getState().currentTrack).toEqual(ONLINE_DEAL);
    expect(storage.urls(PACK_CACHE_NAME)).toEqual(['/offline-pack/1', '/offline-pack/2']);
  });
});

describe('the Discover screen offline', () => {
  function renderDiscover() {
    safeStorage.set(STORAGE_KEYS.discoverIntroSeen, '1');
    return render(
      <Discover
        libraryLink={null}
        chartsLink={null}
        artistHref={(artistId) => `/artists/${artistId}`}
        shareHref={(token) => `/s/${token}`}
        verifiedBadgeSrc="/badge.svg"
      />,
    );
  }

  it('answers a like with "revealed when back online" and no name, then lists the reveal once back online', async () => {
    setOnline(false);
    renderDiscover();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Discover Music' }));
      await Promise.resolve();
    });
    expect(screen.queryByRole('button', { name: 'Offline pack' })).not.toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Like' }));
      await Promise.resolve();
    });
    expect(screen.getByText(OFFLINE_PACK_MESSAGES.revealOnline)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('Tidal Lock')).toBeNull();
    expect(screen.queryByText('Halden Marr')).toBeNull();
    // No Blind Notes offline: the moment button is a network call.
    expect(screen.queryByRole('button', { name: /This moment/ })).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await Promise.resolve();
    });
    expect(usePlayerStore.getState().currentTrack?.id).toBe(SECOND);

    const sync = vi.spyOn(playerApi, 'syncOfflinePack').mockResolvedValue({
      results: [{ trackId: FIRST, state: 'recorded', reveal: revealOf(FIRST, 6) }],
      pointsAwarded: 6,
    });
    await act(async () => {
      setOnline(true);
      await offlinePack.sync();
    });
    expect(sync).toHaveBeenCalledOnce();
    const news = screen.getByRole('region', { name: 'Back online: you liked 1 track offline' });
    expect(news.textContent).toContain('Tidal Lock');
    expect(news.textContent).toContain('Halden Marr');
    expect(news.textContent).toContain('+6 K-Points');
    expect(usePlayerStore.getState().likedTrackIds).toContain(FIRST);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: /Back online/ })).toBeNull();
    expect(useOfflinePackStore.getState().backOnline).toBeNull();
  });

  it('shows the reveal card after all when the track liked offline is still on screen as the connection returns', async () => {
    setOnline(false);
    renderDiscover();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Discover Music' }));
      await Promise.resolve();
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Like' }));
      await Promise.resolve();
    });
    vi.spyOn(playerApi, 'syncOfflinePack').mockResolvedValue({
      results: [{ trackId: FIRST, state: 'recorded', reveal: revealOf(FIRST, 6) }],
      pointsAwarded: 6,
    });
    await act(async () => {
      setOnline(true);
      await offlinePack.sync();
    });
    expect(screen.getByRole('region', { name: 'Revealed track' }).textContent).toContain('Tidal Lock');
    expect(screen.queryByText(OFFLINE_PACK_MESSAGES.revealOnline)).toBeNull();
    expect(screen.queryByRole('region', { name: /Back online/ })).toBeNull();
  });
});
