import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export type BannerTone = 'info' | 'success' | 'error';

type BannerProps = {
  tone?: BannerTone;
  title?: ReactNode;
  children?: ReactNode;
  /** A button or link placed after the text, e.g. 'Try Again'. */
  action?: ReactNode;
  onDismiss?: () => void;
  className?: string;
};

// Text stays in the theme's foreground colour: a tinted background keeps every pair above 4.5:1,
// and the tone lives in the icon and the border.
const TONES = {
  info: { box: 'border-info-text/35 bg-info-text/10', icon: 'text-info-text', Icon: Info },
  success: { box: 'border-success-text/35 bg-success-text/10', icon: 'text-success-text', Icon: CircleCheck },
  error: { box: 'border-accent/40 bg-accent/10', icon: 'text-accent', Icon: CircleAlert },
} as const satisfies Record<BannerTone, object>;

export function Banner({ tone = 'info', title, children, action, onDismiss, className }: BannerProps) {
  const { box, icon, Icon } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-2xl border px-4 py-3.5 text-fg', box, className)}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', icon)} />
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-[0.9375rem] leading-snug">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'text-fg/85' : undefined}>{children}</div>}
        {action && <div className="mt-2">{action}</div>}
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-mt-1 -mr-1.5 grid size-8 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-fg/10 hover:text-fg"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
