import type { ReactNode } from 'react';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { useTypedText } from '../hooks/use-typed-text';

type TypedTaglineProps = {
  text: string;
  msPerCharacter: number;
  /** Shown once the typing ends (spec 000 §2: 'Launch App' appears after the tagline). */
  children: ReactNode;
};

/**
 * The hero's tagline typed out; screen readers get the whole sentence at once. The full text
 * holds the space from the start, so nothing below it moves while it types.
 */
export function TypedTagline({ text, msPerCharacter, children }: TypedTaglineProps) {
  const isReduced = usePrefersReducedMotion();
  const { typed, isDone } = useTypedText(text, msPerCharacter, isReduced);
  return (
    <>
      <h1 className="relative text-[2.6rem] leading-[1.04] font-extrabold tracking-[-0.035em] text-balance text-fg sm:text-7xl">
        <span className="sr-only">{text}</span>
        <span aria-hidden="true" className="invisible">
          {text}
        </span>
        <span aria-hidden="true" className="absolute inset-0">
          {typed}
          {!isDone && (
            <span className="ml-0.5 inline-block w-[0.06em] animate-pulse bg-primary align-baseline">
              &nbsp;
            </span>
          )}
        </span>
      </h1>
      {/* visibility:hidden keeps the button out of the tab order and the accessibility tree until then. */}
      <div className={isDone ? 'animate-fade-in' : 'invisible'}>{children}</div>
    </>
  );
}
