import { useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import type * as ToastListExports from './toast-list';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

export type ToastTone = 'success' | 'error' | 'info';

/** Spec 001 §9 and 002 §9: toasts last 3 s, errors 5 s so they can be read. */
export const TOAST_DURATION_MS = { short: 3_000, long: 5_000 } as const;

type ToastOptions = {
  title: string;
  description?: string;
  tone?: ToastTone;
  durationMs?: number;
};

export type ToastItem = Required<Omit<ToastOptions, 'description'>> & {
  id: number;
  description: string | undefined;
  isOpen: boolean;
};

// A module-level store: toast() is called from event handlers and mutations, far from any
// component, and the one <Toaster> subscribes to it.
let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const CLOSE_ANIMATION_MS = 200;

function publish(next: readonly ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function showToast({ title, description, tone = 'info', durationMs }: ToastOptions): number {
  const id = nextId++;
  const duration = durationMs ?? (tone === 'error' ? TOAST_DURATION_MS.long : TOAST_DURATION_MS.short);
  publish([...items, { id, title, description, tone, durationMs: duration, isOpen: true }]);
  return id;
}

/** Closes a toast; it leaves the list once its closing animation has played. */
export function dismissToast(id: number) {
  publish(items.map((item) => (item.id === id ? { ...item, isOpen: false } : item)));
  setTimeout(() => {
    publish(items.filter((item) => item.id !== id));
  }, CLOSE_ANIMATION_MS);
}

/** Shows a toast: green for success (3 s), red for errors (5 s), neutral for information (3 s). */
export const toast = Object.assign(showToast, {
  success: (title: string, description?: string) => showToast({ title, description, tone: 'success' }),
  error: (title: string, description?: string) => showToast({ title, description, tone: 'error' }),
  info: (title: string, description?: string) => showToast({ title, description, tone: 'info' }),
});

// The toasts' rendering (Radix Toast, about 8 KB) is fetched at the first toast: a screen's first
// paint does not need it, and fetching it earlier (even when idle) competed with the route's own
// chunks on a slow network (Lighthouse, decision 0112).
type ToastListModule = typeof ToastListExports;
let toastList: ToastListModule | undefined;

/** Fetches the toasts' rendering ahead of the first toast (a test that renders toasts at once). */
export async function preloadToaster(): Promise<void> {
  toastList ??= await import('./toast-list');
}

type ToastListProps = Parameters<ToastListModule['default']>[0];

/** The toasts' rendering, once fetched: at once when it already is, else after the download. */
function LoadedToastList(props: ToastListProps) {
  const [module, setModule] = useState(toastList);
  useEffect(() => {
    if (module) return;
    void preloadToaster().then(() => {
      setModule(toastList);
    });
  }, [module]);
  if (!module) return null;
  const List = module.default;
  return <List {...props} />;
}

/** The CSS variable holding the height of the phone's open toasts (0 or unset without one). */
export const TOAST_INSET_VARIABLE = '--toast-inset';

/**
 * For a sticky top bar on a phone: whether a toast is in its place now. The bar then hides and
 * disables its own controls (the toast is laid over them) and grows to the toasts' height through
 * `minHeight: var(--toast-inset)`, so a long toast pushes the screen down instead of covering it.
 */
export function useTopBarYieldsToToast(): { isYielding: boolean; barStyle: CSSProperties } {
  const hasOpenToast = useSyncExternalStore(subscribe, () => items.some((item) => item.isOpen));
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  return { isYielding: hasOpenToast && !isDesktop, barStyle: TOP_BAR_STYLE };
}

const TOP_BAR_STYLE: CSSProperties = { minHeight: `var(${TOAST_INSET_VARIABLE}, 0px)` };

/**
 * Renders the toasts; mount it once near the root of the app. They never cover a control: on a
 * phone they take the place of the sticky top bar, whose controls step aside meanwhile
 * (`useTopBarYieldsToToast`); on a desktop they rise in the foot of the sidebar, which is kept
 * empty for them (app-sidebar.tsx).
 */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, () => items);
  if (current.length === 0) return null;
  return <LoadedToastList items={current} onDismiss={dismissToast} />;
}
