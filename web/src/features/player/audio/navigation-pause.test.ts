import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerApi } from '../api/player-api';
import { usePlayerStore } from '../player-store';
import { getAudioElement, pauseForNavigation, resumeFromNavigation } from './audio-engine';

describe('pause for navigation', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    usePlayerStore.getState().clear();
  });

  it('pauses what plays, remembers it, and plays on from the same place when asked', async () => {
    const audio = getAudioElement();
    vi.spyOn(audio, 'paused', 'get').mockReturnValue(false);
    const pause = vi.spyOn(audio, 'pause').mockImplementation(() => undefined);
    const play = vi.spyOn(audio, 'play').mockResolvedValue(undefined);
    usePlayerStore
      .getState()
      .setCurrentTrack({ id: '6f1d2c3b-0000-4000-8000-000000000001', durationMs: 1 }, 'player');
    // The server's answer for a URL: the one outside call the engine makes.
    vi.spyOn(playerApi, 'secureUrl').mockResolvedValue({
      url: '/media/renditions/x.mp3?exp=9999999999&sig=s',
      expiresAt: Date.now() + 600_000,
    });

    pauseForNavigation();
    expect(pause).toHaveBeenCalledOnce();
    expect(usePlayerStore.getState().wasPlayingBeforePause).toBe(true);
    await resumeFromNavigation();
    expect(play).toHaveBeenCalledOnce();
    expect(usePlayerStore.getState().wasPlayingBeforePause).toBe(false);
  });

  it('leaves silence alone: nothing was playing, nothing resumes', async () => {
    const audio = getAudioElement();
    vi.spyOn(audio, 'paused', 'get').mockReturnValue(true);
    const play = vi.spyOn(audio, 'play').mockResolvedValue(undefined);
    pauseForNavigation();
    await resumeFromNavigation();
    expect(play).not.toHaveBeenCalled();
  });
});
