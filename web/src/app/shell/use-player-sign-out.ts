import { useEffect } from 'react';
import { useAuthStore } from '../../features/accounts/auth-store';
import { clearPreloads, resetAudio } from '../../features/player/audio/audio-engine';
import { clearSecureUrlCache } from '../../features/player/audio/secure-url-cache';
import { usePlayerStore } from '../../features/player/player-store';

/**
 * Spec 000 §4: on sign-out the cached secure URLs are cleared and the player stops, so nothing
 * of one listener's session plays on for the next person at the same browser.
 */
export function usePlayerSignOut(): void {
  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (previous.user && !state.user) {
          clearPreloads();
          clearSecureUrlCache();
          resetAudio();
          usePlayerStore.getState().clear();
        }
      }),
    [],
  );
}
