import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STARTER_KIT, useSoundLab } from './use-soundlab';

const api = vi.hoisted(() => ({
  fetchPresets: vi.fn(),
  generateSound: vi.fn(),
  savePreset: vi.fn(),
}));
vi.mock('../api/soundlab-api', () => api);

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
    const { result } = renderHook(() => useSoundLab());
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
    const { result } = renderHook(() => useSoundLab());
    await waitFor(() => {
      expect(result.current.presetNames[1]).toBe('mine');
    });
    await act(() => Promise.resolve());
    expect(api.generateSound).not.toHaveBeenCalled();
    expect(result.current.pads.every((pad) => pad.sound === null)).toBe(true);
  });
});
