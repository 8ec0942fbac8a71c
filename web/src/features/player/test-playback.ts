import { vi } from 'vitest';
import { playerApi } from './api/player-api';
import { getAudioElement } from './audio/audio-engine';

/**
 * For the player's tests: the one audio element plays and pauses without a media stack (jsdom
 * has none), and every track's URL comes back at once, as the server would grant it.
 */
export function stubPlayback(): void {
  const audio = getAudioElement();
  vi.spyOn(audio, 'play').mockResolvedValue(undefined);
  vi.spyOn(audio, 'pause').mockImplementation(() => undefined);
  vi.spyOn(playerApi, 'secureUrl').mockResolvedValue({
    url: '/media/renditions/x.mp3?exp=9999999999&sig=s',
    expiresAt: Date.now() + 600_000,
  });
}
