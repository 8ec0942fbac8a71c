import { useEffect } from 'react';
import { useAuthStore } from '../../features/accounts/auth-store';
import { usePlayerStore } from '../../features/player/player-store';

/**
 * Spec 000 §4: on sign-out the cached secure URLs are cleared and the player stops, so nothing
 * of one listener's session plays on for the next person at the same browser; the offline pack
 * (issue 32) goes too, its audio and its verdicts.
 *
 * The audio modules are imported here only when needed: they are loaded already wherever anything
 * played (so the import resolves at once), and where they were not, there is nothing to stop. This
 * keeps them out of the landing page's first download.
 */
export function usePlayerSignOut(): void {
  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (previous.user && !state.user) {
          usePlayerStore.getState().clear();
          void Promise.all([
            import('../../features/player/audio/audio-engine'),
            import('../../features/player/audio/secure-url-cache'),
            import('../../features/player/offline-pack/offline-pack-store'),
          ]).then(([engine, urls, pack]) => {
            engine.clearPreloads();
            urls.clearSecureUrlCache();
            engine.resetAudio();
            return pack.offlinePack.clear();
          });
        }
      }),
    [],
  );
}
