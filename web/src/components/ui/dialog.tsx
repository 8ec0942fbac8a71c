import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type DialogContentProps = {
  /** Every dialog has a visible title: screen readers announce it when the dialog opens. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons along the bottom edge, right-aligned on wide screens and stacked on phones. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the corner close button when the footer already offers a way out. */
  hideCloseButton?: boolean;
  className?: string;
  children?: ReactNode;
};

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

export function DialogContent({
  title,
  description,
  footer,
  size = 'md',
  hideCloseButton = false,
  className,
  children,
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
          'rounded-2xl border border-line bg-surface text-fg shadow-2xl shadow-black/50',
          'data-[state=closed]:animate-fade-out data-[state=open]:animate-pop-in',
          WIDTHS[size],
          className,
        )}
        // Without a description Radix warns unless the attribute is explicitly absent.
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="flex items-start gap-4 px-6 pt-6">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <DialogPrimitive.Title className="text-lg font-bold tracking-tight">
              {title}
            </DialogPrimitive.Title>
            {description && (
              <DialogPrimitive.Description className="text-[0.9375rem] text-muted">
                {description}
              </DialogPrimitive.Description>
            )}
          </div>
          {!hideCloseButton && (
            <DialogPrimitive.Close
              aria-label="Close"
              className="-mt-1 -mr-2 grid size-9 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-field hover:text-fg"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-6 pt-4 pb-6">{children}</div>
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-line px-6 py-4 sm:flex-row sm:flex-wrap sm:justify-end">
            {footer}
          </div>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
