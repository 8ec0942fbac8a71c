import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';
import { cn } from './cn';

export type ToastTone = 'success' | 'error' | 'info';

/** Spec 001 §9 and 002 §9: toasts last 3 s, errors 5 s so they can be read. */
export const TOAST_DURATION_MS = { short: 3_000, long: 5_000 } as const;

type ToastOptions = {
  title: string;
  description?: string;
  tone?: ToastTone;
  durationMs?: number;
};

type ToastItem = Required<Omit<ToastOptions, 'description'>> & {
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

// Dark text on green (8.6:1) and on red (5.5:1); white would fail on both.
const TONES = {
  success: { box: 'bg-success text-ink', Icon: CircleCheck },
  error: { box: 'bg-primary text-ink', Icon: CircleAlert },
  info: { box: 'border border-line bg-surface text-fg', Icon: Info },
} as const satisfies Record<ToastTone, object>;

/**
 * Renders the toasts; mount it once near the root of the app. They never cover a control: on a
 * phone they drop in over the top bar (logo and forum button, out of reach for 3 s), on a desktop
 * they rise in the foot of the sidebar, which is kept empty for them (app-sidebar.tsx).
 */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, () => items);
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <ToastPrimitive.Provider swipeDirection={isDesktop ? 'left' : 'up'} label="Notification">
      {current.map((item) => {
        const { box, Icon } = TONES[item.tone];
        return (
          <ToastPrimitive.Root
            key={item.id}
            open={item.isOpen}
            duration={item.durationMs}
            // Errors interrupt the screen reader; confirmations wait their turn.
            type={item.tone === 'error' ? 'foreground' : 'background'}
            onOpenChange={(isOpen) => {
              if (!isOpen) dismissToast(item.id);
            }}
            className={cn(
              'pointer-events-auto flex w-full items-start gap-3 rounded-2xl px-4 py-3.5 shadow-2xl shadow-black/40',
              'data-[state=open]:animate-toast-drop data-[state=closed]:animate-toast-out lg:data-[state=open]:animate-toast-in',
              'data-[swipe=move]:translate-y-[var(--radix-toast-swipe-move-y)] data-[swipe=end]:animate-toast-out',
              'lg:data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] lg:data-[swipe=move]:translate-y-0',
              box,
            )}
          >
            <Icon aria-hidden="true" className="mt-px size-5 shrink-0" />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <ToastPrimitive.Title className="text-[0.9375rem] leading-snug font-semibold">
                {item.title}
              </ToastPrimitive.Title>
              {item.description && (
                <ToastPrimitive.Description className="text-sm leading-snug opacity-90">
                  {item.description}
                </ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close
              aria-label="Dismiss"
              className="-mt-1 -mr-1.5 grid size-8 shrink-0 place-items-center rounded-full transition-colors hover:bg-black/10"
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        className={cn(
          'fixed inset-x-0 top-[calc(0.5rem+env(safe-area-inset-top))] z-[100] mx-auto flex w-full max-w-md flex-col gap-2 px-3 outline-none',
          // Desktop: the sidebar's foot (16 rem wide), above the now-playing bar (5 rem).
          'lg:top-auto lg:right-auto lg:bottom-[5.75rem] lg:left-3 lg:mx-0 lg:w-[14.5rem] lg:flex-col-reverse lg:px-0',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
