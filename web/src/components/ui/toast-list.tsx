import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useLayoutEffect, useRef } from 'react';
import { cn } from './cn';
import { TOAST_INSET_VARIABLE, type ToastItem, type ToastTone } from './toast';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

// Dark text on green (8.6:1) and on red (5.5:1); white would fail on both.
const TONES = {
  success: { box: 'bg-success text-ink', Icon: CircleCheck },
  error: { box: 'bg-primary text-ink', Icon: CircleAlert },
  info: { box: 'border border-line bg-surface text-fg', Icon: Info },
} as const satisfies Record<ToastTone, object>;

/** The toasts on screen, with Radix Toast's timing, swipe and announcements (see Toaster). */
export default function ToastList({
  items: current,
  onDismiss,
}: {
  items: readonly ToastItem[];
  onDismiss: (id: number) => void;
}) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const viewport = useRef<HTMLOListElement>(null);
  const hasOpen = current.some((item) => item.isOpen);
  // On a phone the top bar makes room for the toasts: it reads their height from this variable.
  // Radix portals each toast into the viewport after it mounts, so the height is observed, not
  // read once.
  useLayoutEffect(() => {
    const element = viewport.current;
    const { style } = document.documentElement;
    if (isDesktop || !hasOpen || !element) {
      style.removeProperty(TOAST_INSET_VARIABLE);
      return;
    }
    const observer = new ResizeObserver(() => {
      style.setProperty(TOAST_INSET_VARIABLE, `${String(element.offsetHeight)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      style.removeProperty(TOAST_INSET_VARIABLE);
    };
  }, [isDesktop, hasOpen]);
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
              if (!isOpen) onDismiss(item.id);
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
        ref={viewport}
        className={cn(
          // Phone: in the sticky top bar's place (see useTopBarYieldsToToast); only the toasts
          // themselves take pointer events, never the padding round them.
          'pointer-events-none fixed inset-x-0 top-0 z-[100] mx-auto flex w-full max-w-md flex-col gap-2 px-3 pt-[calc(0.5rem+env(safe-area-inset-top))] pb-2 outline-none',
          // Desktop: the sidebar's foot (16 rem wide), above the now-playing bar (5 rem).
          'lg:top-auto lg:right-auto lg:bottom-[5.75rem] lg:left-3 lg:mx-0 lg:w-[14.5rem] lg:flex-col-reverse lg:px-0 lg:pt-0 lg:pb-0',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
