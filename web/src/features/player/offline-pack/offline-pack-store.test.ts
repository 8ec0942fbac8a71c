import { OFFLINE_PACK_MESSAGES } from '@klang/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { playerApi } from '../api/player-api';
import { usePlayerStore } from '../player-store';
import { showPointsToast } from '../points-toast';
import type * as PointsToast from '../points-toast';
import { setServerChangeHandler } from '../server-changes';
import { revealOf } from '../test-reveal';
import { offlinePack, useOfflinePackStore } from './offline-pack-store';
import { PACK_CACHE_NAME } from './pack-audio';
import { setPackOwnerSource } from './pack-owner';
import { readPackRecord } from './pack-record';
import {
  ALIASES,
  FakeCacheStorage,
  PACK_ID,
  packOf,
  setOnline,
  stubAudioFetch,
  urlOf,
  USER_ID,
} from './test-pack';

vi.mock('../points-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof PointsToast>()),
  showPointsToast: vi.fn(),
}));

const [FIRST, SECOND, THIRD] = ALIASES;
const SLOTS = ['/offline-pack/0', '/offline-pack/1', '/offline-pack/2'];

let storage: FakeCacheStorage;
let fetchAudio: ReturnType<typeof stubAudioFetch>;

beforeEach(() => {
  storage = new FakeCacheStorage();
  vi.stubGlobal('caches', storage);
  fetchAudio = stubAudioFetch();
  vi.stubGlobal('fetch', fetchAudio);
  setPackOwnerSource(() => USER_ID);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  vi.mocked(showPointsToast).mockClear();
});

afterEach(async () => {
  await offlinePack.clear();
  offlinePack.setWifiOnly(true);
  usePlayerStore.getState().clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'connection');
});

async function savePack(tracks = 3): Promise<void> {
  vi.spyOn(playerApi, 'dealOfflinePack').mockResolvedValue(packOf(tracks));
  await offlinePack.save(10);
}

describe('saving an offline pack', () => {
  it('fetches every grant at once and keeps its audio under /offline-pack/<slot>, with its content type only', async () => {
    const progress: string[] = [];
    const unsubscribe = useOfflinePackStore.subscribe((state) => {
      const shown = state.progress && `${String(state.progress.saved)}/${String(state.progress.total)}`;
      if (shown && shown !== progress.at(-1)) progress.push(shown);
    });
    await savePack();
    unsubscribe();

    expect(playerApi.dealOfflinePack).toHaveBeenCalledExactlyOnceWith(10);
    expect(fetchAudio.mock.calls.map(([url]) => urlOf(url))).toEqual(
      packOf().tracks.map((track) => track.url),
    );
    // Neutral names: neither the alias nor the grant is in the cache.
    expect(storage.urls(PACK_CACHE_NAME)).toEqual(SLOTS);
    expect(storage.entry(PACK_CACHE_NAME, SLOTS[0] ?? '')?.headers).toEqual([['content-type', 'audio/mpeg']]);
    expect(progress).toEqual(['0/10', '0/3', '1/3', '2/3', '3/3']);

    const record = readPackRecord();
    expect(record).toMatchObject({ userId: USER_ID, packId: PACK_ID });
    expect(record?.tracks.map(({ alias, slot, verdict }) => [alias, slot, verdict])).toEqual([
      [FIRST, 0, null],
      [SECOND, 1, null],
      [THIRD, 2, null],
    ]);
    expect(useOfflinePackStore.getState().pack?.packId).toBe(PACK_ID);
  });

  it('refuses on mobile data while Wi-Fi only is on, before anything is dealt', async () => {
    Object.defineProperty(navigator, 'connection', { value: { type: 'cellular' }, configurable: true });
    const deal = vi.spyOn(playerApi, 'dealOfflinePack').mockResolvedValue(packOf());
    await offlinePack.save(5);
    expect(deal).not.toHaveBeenCalled();
    expect(useOfflinePackStore.getState().saveMessage?.text).toBe(OFFLINE_PACK_MESSAGES.wifiOnly);

    offlinePack.setWifiOnly(false);
    await offlinePack.save(5);
    expect(deal).toHaveBeenCalledOnce();
    expect(storage.urls(PACK_CACHE_NAME)).toEqual(SLOTS);
  });

  it('keeps nothing half-saved when the device runs out of space', async () => {
    storage.failPutAfter = 1;
    await savePack();
    expect(storage.urls(PACK_CACHE_NAME)).toEqual([]);
    expect(readPackRecord()).toBeNull();
    expect(useOfflinePackStore.getState().saveMessage).toEqual({
      text: OFFLINE_PACK_MESSAGES.saveFailed,
      tone: 'error',
    });
  });

  it('says there is nothing to save when the deck deals an empty pack', async () => {
    vi.spyOn(playerApi, 'dealOfflinePack').mockResolvedValue(packOf(0));
    await offlinePack.save(10);
    expect(readPackRecord()).toBeNull();
    expect(useOfflinePackStore.getState().saveMessage?.text).toBe(OFFLINE_PACK_MESSAGES.nothingToSave);
  });

  it('shows another listener on the device no pack', async () => {
    await savePack();
    setPackOwnerSource(() => '7a1d2c3b-0000-4000-8000-0000000000e2');
    expect(readPackRecord()).toBeNull();
    expect(offlinePack.hasPack()).toBe(false);
    expect(offlinePack.nextTrack()).toBeNull();
    expect(offlinePack.isPackTrack(FIRST)).toBe(false);
  });

  it('sends the old pack’s verdicts before a new pack replaces it', async () => {
    await savePack();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    offlinePack.record(FIRST, 'skip', 1_000);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const sync = vi.spyOn(playerApi, 'syncOfflinePack').mockResolvedValue({
      results: [{ trackId: FIRST, state: 'recorded', reveal: null }],
      pointsAwarded: 1,
    });
    const newer = { ...packOf(1), id: '7a1d2c3b-0000-4000-8000-0000000000f1' };
    const deal = vi.spyOn(playerApi, 'dealOfflinePack').mockResolvedValue(newer);
    await offlinePack.save(5);
    expect(sync).toHaveBeenCalledExactlyOnceWith(PACK_ID, [
      { trackId: FIRST, ending: 'skip', positionMs: 1_000 },
    ]);
    expect(sync.mock.invocationCallOrder[0]).toBeLessThan(deal.mock.invocationCallOrder.at(-1) ?? 0);
    expect(readPackRecord()?.packId).toBe(newer.id);
    expect(storage.urls(PACK_CACHE_NAME)).toEqual(['/offline-pack/0']);
    // No card for skips alone: the toast says their points.
    expect(useOfflinePackStore.getState().backOnline).toBeNull();
    expect(showPointsToast).toHaveBeenCalledExactlyOnceWith(1);
  });
});

describe('back online', () => {
  it('sends the verdicts once, in play order, lists the reveals and deletes the synced audio', async () => {
    await savePack();
    setOnline(false);
    // Played: the second track liked first, then the first skipped.
    expect(offlinePack.record(SECOND, 'like', 5_000)).toBe(true);
    expect(offlinePack.record(FIRST, 'skip', 1_000)).toBe(true);
    // A track keeps its first verdict.
    expect(offlinePack.record(SECOND, 'skip', 9_000)).toBe(false);
    const sync = vi.spyOn(playerApi, 'syncOfflinePack').mockImplementation(async (_packId, verdicts) => ({
      results: verdicts.map(({ trackId, ending }) => ({
        trackId,
        state: 'recorded' as const,
        reveal: ending === 'like' ? revealOf(trackId, 6) : null,
      })),
      pointsAwarded: 7,
    }));

    setOnline(true);
    await vi.waitFor(() => {
      expect(useOfflinePackStore.getState().backOnline).not.toBeNull();
    });
    expect(sync).toHaveBeenCalledExactlyOnceWith(PACK_ID, [
      { trackId: SECOND, ending: 'like', positionMs: 5_000 },
      { trackId: FIRST, ending: 'skip', positionMs: 1_000 },
    ]);
    expect(useOfflinePackStore.getState().backOnline).toEqual({
      liked: [{ alias: SECOND, reveal: revealOf(SECOND, 6) }],
      points: 7,
    });
    // The card states the points; no toast says them twice.
    expect(showPointsToast).not.toHaveBeenCalled();
    expect(usePlayerStore.getState().likedTrackIds).toEqual([SECOND]);
    // The synced tracks' audio is gone; the one not played yet stays to be played.
    expect(storage.urls(PACK_CACHE_NAME)).toEqual(['/offline-pack/2']);
    expect(offlinePack.nextTrack()?.alias).toBe(THIRD);

    // Another 'online' has nothing new to send.
    window.dispatchEvent(new Event('online'));
    await offlinePack.sync();
    expect(sync).toHaveBeenCalledOnce();

    // The last verdict, given online, goes at once; every track synced, the pack is dropped.
    offlinePack.record(THIRD, 'left', 60_000);
    await vi.waitFor(() => {
      expect(readPackRecord()).toBeNull();
    });
    expect(sync).toHaveBeenLastCalledWith(PACK_ID, [{ trackId: THIRD, ending: 'left', positionMs: 60_000 }]);
    expect(storage.urls(PACK_CACHE_NAME)).toEqual([]);
  });

  it("tells the app's queries what a sync changed, and nothing when the sync fails", async () => {
    const changed = vi.fn();
    setServerChangeHandler(changed);
    try {
      await savePack();
      setOnline(false);
      offlinePack.record(FIRST, 'like', 2_000);
      const sync = vi
        .spyOn(playerApi, 'syncOfflinePack')
        .mockRejectedValueOnce(
          new ApiError({ status: 0, code: 'UNAVAILABLE', message: NETWORK_ERROR_MESSAGE }),
        )
        .mockResolvedValue({
          results: [{ trackId: FIRST, state: 'recorded', reveal: revealOf(FIRST, 6) }],
          pointsAwarded: 6,
        });
      setOnline(true);
      await offlinePack.sync();
      expect(changed).not.toHaveBeenCalled();
      await offlinePack.sync();
      expect(sync).toHaveBeenCalledTimes(2);
      expect(changed).toHaveBeenCalledExactlyOnceWith(['points', 'taste', 'likes']);
    } finally {
      setServerChangeHandler(() => undefined);
    }
  });

  it('keeps the verdicts for the next try when the network fails again', async () => {
    await savePack();
    setOnline(false);
    offlinePack.record(FIRST, 'like', 2_000);
    vi.spyOn(playerApi, 'syncOfflinePack').mockRejectedValue(
      new ApiError({ status: 0, code: 'UNAVAILABLE', message: NETWORK_ERROR_MESSAGE }),
    );
    setOnline(true);
    await offlinePack.sync();
    expect(readPackRecord()?.tracks[0]).toMatchObject({ verdict: { ending: 'like' }, isSynced: false });
    expect(storage.urls(PACK_CACHE_NAME)).toEqual(SLOTS);
  });

  it('drops an expired pack with its message', async () => {
    await savePack();
    setOnline(false);
    offlinePack.record(FIRST, 'like', 2_000);
    vi.spyOn(playerApi, 'syncOfflinePack').mockRejectedValue(
      new ApiError({ status: 409, code: 'CONFLICT', message: OFFLINE_PACK_MESSAGES.expired }),
    );
    setOnline(true);
    await vi.waitFor(() => {
      expect(useOfflinePackStore.getState().notice).toBe(OFFLINE_PACK_MESSAGES.expired);
    });
    expect(readPackRecord()).toBeNull();
    expect(useOfflinePackStore.getState().pack).toBeNull();
    expect(storage.urls(PACK_CACHE_NAME)).toEqual([]);
  });
});
