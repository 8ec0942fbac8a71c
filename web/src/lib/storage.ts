/**
 * localStorage that never throws: Safari's private mode and locked-down browsers refuse access,
 * and a refusal must not take a screen down.
 */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Nothing to do: the value lives for this page only.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};

/** The same guarded storage in the shape zustand's persist middleware asks for. */
export const persistStorage = {
  getItem: (key: string) => safeStorage.get(key),
  setItem: (key: string, value: string) => {
    safeStorage.set(key, value);
  },
  removeItem: (key: string) => {
    safeStorage.remove(key);
  },
};

/** Keys this app writes to localStorage, in one place so none collide. */
export const STORAGE_KEYS = {
  theme: 'theme',
  visitor: 'klang-visitor',
  auth: 'auth-storage',
  /** Spec 001 §2: the artist opted out of the feature-track tutorial. */
  hideFeatureTutorial: 'hideFeatureTutorial',
  /** Issue 17: the listener has seen (or skipped) Discover's introduction. */
  discoverIntroSeen: 'klang-discover-intro-seen',
  /** Issue 32: the listener answered the offer to install Klang. */
  installOffer: 'klang-install-offer',
  /** Issue 32: the offline pack saved on this device (its audio is in Cache Storage). */
  offlinePack: 'klang-offline-pack',
  /** Issue 32: packs are saved on Wi-Fi only; on unless the listener turned it off. */
  offlinePackWifiOnly: 'klang-offline-pack-wifi-only',
} as const;
