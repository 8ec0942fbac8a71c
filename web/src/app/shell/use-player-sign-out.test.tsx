import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../features/accounts/auth-store';
import { playerApi } from '../../features/player/api/player-api';
import { offlinePack } from '../../features/player/offline-pack/offline-pack-store';
import { PACK_CACHE_NAME } from '../../features/player/offline-pack/pack-audio';
import { setPackOwnerSource } from '../../features/player/offline-pack/pack-owner';
import { readPackRecord } from '../../features/player/offline-pack/pack-record';
import { FakeCacheStorage, packOf, stubAudioFetch } from '../../features/player/offline-pack/test-pack';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage';
import { usePlayerSignOut } from './use-player-sign-out';

const LISTENER = { id: '7a1d2c3b-0000-4000-8000-0000000000e1', email: 'ada@example.com' };

describe('signing out', () => {
  let storage: FakeCacheStorage;

  beforeEach(() => {
    storage = new FakeCacheStorage();
    vi.stubGlobal('caches', storage);
    vi.stubGlobal('fetch', stubAudioFetch());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.spyOn(playerApi, 'dealOfflinePack').mockResolvedValue(packOf());
    // As the signed-in layout wires it (app-layout.tsx).
    setPackOwnerSource(() => useAuthStore.getState().user?.id ?? null);
  });

  afterEach(() => {
    act(() => {
      useAuthStore.getState().clearSession();
    });
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("clears the listener's offline pack, its audio and its verdicts", async () => {
    renderHook(() => {
      usePlayerSignOut();
    });
    act(() => {
      useAuthStore.getState().setSession(LISTENER);
    });
    // The pack belongs to whoever the app says is signed in.
    await offlinePack.save(3);
    expect(readPackRecord()?.userId).toBe(LISTENER.id);
    expect(storage.urls(PACK_CACHE_NAME)).toHaveLength(3);

    act(() => {
      useAuthStore.getState().clearSession();
    });
    await vi.waitFor(() => {
      expect(storage.urls(PACK_CACHE_NAME)).toEqual([]);
    });
    expect(safeStorage.get(STORAGE_KEYS.offlinePack)).toBeNull();

    // Signed in again, the same listener has no pack left to play either.
    act(() => {
      useAuthStore.getState().setSession(LISTENER);
    });
    expect(offlinePack.hasPack()).toBe(false);
  });
});
