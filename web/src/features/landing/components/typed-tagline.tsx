import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { useTypedText } from '../hooks/use-typed-text';

type TypedTaglineProps = {
  text: string;
  msPerCharacter: number;
  /** Shown from the start under the tagline: what Klang is, in one sentence. */
  subheadline?: ReactNode;
  /** Shown once the typing ends (spec 000 §2: 'Launch App' appears after the tagline). */
  children: ReactNode;
};

/**
 * The hero's tagline typed out; screen readers get the whole sentence at once. Every character
 * is laid out from the start and only its colour changes, so no box ever moves (a growing text
 * node shifts what follows it, which Lighthouse counts as layout shift). The caret is a shadow,
 * which takes no room. The heading is aria-busy while it types: its actions are not there yet.
 */
export function TypedTagline({ text, msPerCharacter, subheadline, children }: TypedTaglineProps) {
  const isReduced = usePrefersReducedMotion();
  const { typed, isDone } = useTypedText(text, msPerCharacter, isReduced);
  return (
    <>
      <h1
        aria-busy={!isDone || undefined}
        className="text-[2.6rem] leading-[1.04] font-extrabold tracking-[-0.035em] text-balance text-fg sm:text-7xl"
      >
        <span className="sr-only">{text}</span>
        <span aria-hidden="true">
          {Array.from(text, (character, index) => (
            <span
              key={index}
              className={cn(
                index >= typed.length && 'text-transparent',
                !isDone && index === typed.length - 1 && 'shadow-[0.08em_0_0_0_var(--color-primary)]',
              )}
            >
              {character}
            </span>
          ))}
        </span>
      </h1>
      {subheadline && (
        <p className="max-w-2xl text-lg leading-relaxed text-pretty text-fg/85 sm:text-xl">{subheadline}</p>
      )}
      {/* visibility:hidden keeps the button out of the tab order and the accessibility tree until then. */}
      <div className={isDone ? 'animate-fade-in' : 'invisible'}>{children}</div>
    </>
  );
}
