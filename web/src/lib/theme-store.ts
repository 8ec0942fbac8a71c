import { DEFAULT_THEME, PALETTES, THEMES, type Theme } from '@klang/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS, persistStorage } from './storage';

type ThemeState = {
  theme: Theme;
  setTheme: (theme: Theme) => void;
};

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The chosen theme (Settings > Interface), kept in localStorage as 'theme'. Dark by default. */
export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      theme: DEFAULT_THEME,
      setTheme: (theme) => set({ theme }),
    }),
    {
      name: STORAGE_KEYS.theme,
      storage: createJSONStorage(() => persistStorage),
      partialize: ({ theme }) => ({ theme }),
      // Stored data is outside our control: anything but a known theme falls back to the default.
      merge: (persisted, current) => {
        const theme = (persisted as { theme?: unknown } | undefined)?.theme;
        return { ...current, theme: isTheme(theme) ? theme : current.theme };
      },
    },
  ),
);

/** Puts the theme on <html> (styles.css switches on data-theme) and on the browser chrome. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', PALETTES[theme].background);
}

/** Applies the stored theme now and on every later change; returns the unsubscribe. */
export function syncThemeWithDocument(): () => void {
  applyTheme(useThemeStore.getState().theme);
  return useThemeStore.subscribe((state) => {
    applyTheme(state.theme);
  });
}
