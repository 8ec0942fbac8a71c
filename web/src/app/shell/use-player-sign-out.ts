import { useEffect } from 'react';
import { useAuthStore } from '../../features/accounts/auth-store';
import { hasStoredPack, setPackOwnerSource } from '../../features/player/offline-pack/pack-record';
import { usePlayerStore } from '../../features/player/player-store';

// The offline pack on this device belongs to one listener: it reads who is signed in from here,
// since the player feature does not import the accounts feature.
setPackOwnerSource(() => useAuthStore.getState().user?.id ?? null);

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
  // At start, what was played offline goes as soon as the app opens online, wherever it opens.
  useEffect(() => {
    if (!hasStoredPack() || !navigator.onLine) return;
    void import('../../features/player/offline-pack/offline-pack-store').then(({ offlinePack }) => {
      offlinePack.refresh();
    });
  }, []);
}
