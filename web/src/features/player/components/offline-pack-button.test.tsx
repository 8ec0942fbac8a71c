import { OFFLINE_PACK_MESSAGES } from '@klang/domain';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeStorage, STORAGE_KEYS } from '../../../lib/storage';
import { playerApi } from '../api/player-api';
import { offlinePack } from '../offline-pack/offline-pack-store';
import { setPackOwnerSource } from '../offline-pack/pack-owner';
import { FakeCacheStorage, packOf, stubAudioFetch, USER_ID } from '../offline-pack/test-pack';
import { OfflinePackButton } from './offline-pack-button';

beforeEach(() => {
  vi.stubGlobal('caches', new FakeCacheStorage());
  vi.stubGlobal('fetch', stubAudioFetch());
  setPackOwnerSource(() => USER_ID);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(async () => {
  cleanup();
  await offlinePack.clear();
  offlinePack.setWifiOnly(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'connection');
});

describe('the offline pack dialog', () => {
  it('saves a pack of the size picked and says what is kept, then offers to replace it', async () => {
    const deal = vi.spyOn(playerApi, 'dealOfflinePack').mockResolvedValue(packOf());
    render(<OfflinePackButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Offline pack' }));
    const dialog = screen.getByRole('dialog', { name: 'Offline pack' });
    expect(dialog.textContent).toContain('Save blind tracks on this device');
    expect(screen.getByRole('button', { name: '10 tracks' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '5 tracks' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save pack' }));
      await vi.waitFor(() => {
        expect(screen.getByTestId('offline-pack-status')).toBeDefined();
      });
    });
    expect(deal).toHaveBeenCalledExactlyOnceWith(5);
    expect(screen.getByTestId('offline-pack-status').textContent).toMatch(
      /^3 tracks saved · 3 to play · kept until \d{1,2} \w+ \d{4}$/,
    );
    expect(screen.getByRole('button', { name: 'Replace pack' })).toBeDefined();
  });

  it('remembers Wi-Fi only on the device, and refuses mobile data while it is on', async () => {
    Object.defineProperty(navigator, 'connection', { value: { type: 'cellular' }, configurable: true });
    const deal = vi.spyOn(playerApi, 'dealOfflinePack').mockResolvedValue(packOf());
    render(<OfflinePackButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Offline pack' }));
    const wifiOnly = screen.getByRole('switch', { name: 'Wi-Fi only' });
    expect(wifiOnly.getAttribute('aria-checked')).toBe('true');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save pack' }));
      await Promise.resolve();
    });
    expect(screen.getByText(OFFLINE_PACK_MESSAGES.wifiOnly)).toBeDefined();
    expect(deal).not.toHaveBeenCalled();

    fireEvent.click(wifiOnly);
    expect(wifiOnly.getAttribute('aria-checked')).toBe('false');
    expect(safeStorage.get(STORAGE_KEYS.offlinePackWifiOnly)).toBe('false');
  });
});
