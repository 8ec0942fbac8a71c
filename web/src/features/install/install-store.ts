import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS, persistStorage } from '../../lib/storage';

/** Chromium's event for an installable page (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  /** The browser's held-back install prompt; null where it offers none (installed, iOS, Firefox). */
  deferred: BeforeInstallPromptEvent | null;
  /** The listener answered the offer, or installed Klang: it is never made again on this device. */
  isAnswered: boolean;
  answer: () => void;
}

export const useInstallStore = create<InstallState>()(
  persist(
    (set) => ({
      deferred: null,
      isAnswered: false,
      answer: () => {
        set({ deferred: null, isAnswered: true });
      },
    }),
    {
      name: STORAGE_KEYS.installOffer,
      storage: createJSONStorage(() => persistStorage),
      partialize: ({ isAnswered }) => ({ isAnswered }),
    },
  ),
);

/**
 * Holds back the browser's own install banner, so Klang offers it at a better moment (after a few
 * likes, decision 0293). Call once, before the app renders: the event may come at once.
 */
export function holdInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    if (!useInstallStore.getState().isAnswered)
      useInstallStore.setState({ deferred: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => {
    useInstallStore.getState().answer();
  });
}

/** Shows the browser's install dialog; whatever the listener chooses, the offer is not made again. */
export async function promptInstall(): Promise<void> {
  const { deferred, answer } = useInstallStore.getState();
  if (!deferred) return;
  answer();
  await deferred.prompt();
}
