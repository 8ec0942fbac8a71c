import { PRODUCT_NAME } from '@klang/domain';
import { cn } from './cn';

type LogoProps = {
  /** 'full' is the mark and the wordmark; 'mark' is the red tile alone (tight spaces, avatars). */
  variant?: 'full' | 'mark';
  className?: string;
  /** Decorative when a neighbour already names the product, e.g. inside a labelled link. */
  isDecorative?: boolean;
};

/**
 * The Klang mark: a K drawn as equaliser bars, a stem and two arms of level meters, on the
 * brand red. The wordmark is monoline and takes the current text colour, so it follows the theme.
 * public/logo.svg and public/favicon.svg carry the same drawing.
 */
export function Logo({ variant = 'full', className, isDecorative = false }: LogoProps) {
  const a11y = isDecorative
    ? ({ 'aria-hidden': true } as const)
    : ({ role: 'img', 'aria-label': PRODUCT_NAME } as const);
  const isFull = variant === 'full';
  return (
    <svg
      viewBox={isFull ? '0 0 168 48' : '0 0 48 48'}
      className={cn(isFull ? 'h-8 w-auto' : 'size-8', className)}
      focusable="false"
      {...a11y}
    >
      <rect width="48" height="48" rx="13" fill="#FF383A" />
      <g fill="#0B0B0F">
        <rect x="10.5" y="10" width="6" height="28" rx="3" />
        <rect x="20" y="19.5" width="5" height="9" rx="2.5" />
        <rect x="27" y="13" width="5" height="9" rx="2.5" />
        <rect x="27" y="26" width="5" height="9" rx="2.5" />
        <rect x="34" y="9.5" width="5" height="6.5" rx="2.5" />
        <rect x="34" y="32" width="5" height="6.5" rx="2.5" />
      </g>
      {isFull && (
        <g
          transform="translate(63.3 2.2) scale(0.779)"
          fill="none"
          stroke="currentColor"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M7 6v34" />
          <path d="M22 17 10.5 29 22 40" />
          <path d="M31 6v34" />
          <circle cx="49" cy="28" r="12" />
          <path d="M61 16v24" />
          <path d="M71 40V28a12 12 0 0 1 24 0v12" />
          <circle cx="117" cy="28" r="12" />
          <path d="M129 16v26a10 10 0 0 1-10 10h-6" />
        </g>
      )}
    </svg>
  );
}
