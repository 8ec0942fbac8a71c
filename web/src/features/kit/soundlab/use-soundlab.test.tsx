import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STARTER_KIT, useSoundLab } from './use-soundlab';

const api = vi.hoisted(() => ({
  fetchPresets: vi.fn(),
  generateSound: vi.fn(),
  savePreset: vi.fn(),
}));
vi.mock('../api/soundlab-api', () => api);

function renderSoundLab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSoundLab(), { wrapper });
}

describe('SoundLab on a first visit', () => {
  beforeEach(() => {
    let n = 0;
    api.generateSound.mockImplementation((prompt: string) =>
      Promise.resolve(new Blob([`sound ${String((n += 1))} for ${prompt}`], { type: 'audio/mpeg' })),
    );
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => `blob:${String(blob.size)}-${String(Math.random())}`,
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('finds a playable starter kit on the drums preset, generated from real prompts', async () => {
    api.fetchPresets.mockResolvedValue({ presets: [] });
    const { result } = renderSoundLab();
    await waitFor(() => {
      expect(result.current.pads.filter((pad) => pad.sound !== null)).toHaveLength(STARTER_KIT.length);
    });
    expect(api.generateSound.mock.calls.map(([prompt]) => prompt as string)).toEqual(
      STARTER_KIT.map((s) => s.prompt),
    );
    for (const { pad, label } of STARTER_KIT) {
      const found = result.current.pads.find((p) => p.id === pad);
      expect(found?.label).toBe(label);
      expect(found?.isSaved).toBe(false);
    }
    await waitFor(() => {
      expect(result.current.isStarting).toBe(false);
    });
  });

  it('leaves an artist’s saved presets alone: no starter kit once anything is saved', async () => {
    api.fetchPresets.mockResolvedValue({
      presets: [{ preset: 2, name: 'mine', pads: [{ pad: 6, label: 'my kick', soundUrl: '/s/1' }] }],
    });
    const { result } = renderSoundLab();
    await waitFor(() => {
      expect(result.current.presetNames[1]).toBe('mine');
    });
    await act(() => Promise.resolve());
    expect(api.generateSound).not.toHaveBeenCalled();
    expect(result.current.pads.every((pad) => pad.sound === null)).toBe(true);
  });
});

describe('SoundLab saving a preset', () => {
  beforeEach(() => {
    // jsdom's Blob cannot give its bytes back; saving reads them.
    const sound = new Blob(['a sound'], { type: 'audio/mpeg' });
    Object.assign(sound, { arrayBuffer: () => Promise.resolve(new Uint8Array([1, 2, 3]).buffer) });
    api.generateSound.mockResolvedValue(sound);
    Object.assign(URL, {
      createObjectURL: () => `blob:${String(Math.random())}`,
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.resetAllMocks();
  });

  it('reads the presets again after a save, and the pads then show what the server holds', async () => {
    api.fetchPresets.mockResolvedValueOnce({ presets: [] });
    api.savePreset.mockResolvedValue(null);
    const { result } = renderSoundLab();
    await waitFor(() => {
      expect(result.current.pads.filter((pad) => pad.sound !== null)).toHaveLength(STARTER_KIT.length);
    });
    expect(result.current.pads.find((p) => p.id === 6)?.isSaved).toBe(false);

    api.fetchPresets.mockResolvedValueOnce({
      presets: [{ preset: 1, name: 'beats', pads: [{ pad: 6, label: 'kick', soundUrl: '/media/s/6' }] }],
    });
    act(() => {
      result.current.rename(1, 'beats');
    });
    const save = result.current.pads.find((p) => p.id === 20);
    if (!save) throw new Error('no save pad');
    act(() => {
      result.current.press(save);
    });
    await waitFor(() => {
      expect(result.current.pads.find((p) => p.id === 6)).toMatchObject({
        sound: '/media/s/6',
        isSaved: true,
      });
    });
    expect(api.savePreset).toHaveBeenCalledOnce();
    expect(api.savePreset.mock.calls[0]?.[0]).toBe(1);
    expect(api.fetchPresets).toHaveBeenCalledTimes(2);
    expect(result.current.presetNames[0]).toBe('beats');
    expect(result.current.isSaving).toBe(false);
    expect(result.current.confirmation).toMatch(/^Saved “beats”/);
  });

  it('keeps the pads as they are, marked saved, when the presets cannot be read again', async () => {
    api.fetchPresets.mockResolvedValueOnce({ presets: [] });
    api.savePreset.mockResolvedValue(null);
    const { result } = renderSoundLab();
    await waitFor(() => {
      expect(result.current.pads.filter((pad) => pad.sound !== null)).toHaveLength(STARTER_KIT.length);
    });
    api.fetchPresets.mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const save = result.current.pads.find((p) => p.id === 20);
    if (!save) throw new Error('no save pad');
    act(() => {
      result.current.press(save);
    });
    await waitFor(() => {
      expect(result.current.confirmation).not.toBeNull();
    });
    const kick = result.current.pads.find((p) => p.id === 6);
    expect(kick?.isSaved).toBe(true);
    expect(kick?.sound).toMatch(/^blob:/);
  });
});
