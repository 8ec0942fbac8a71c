import { Check, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { SKIP_REASON_LABELS, SKIP_REASONS } from '@klang/domain';
import { cn } from '../../../components/ui/cn';
import { ScrollFade } from '../../../components/ui/scroll-fade';
import { useSkipReasonOffer } from '../hooks/use-blind-notes';
import { formatPoints } from '../points-toast';

/**
 * Blind Notes' "Why skip?" (issue 31 item 2): six reasons for the deal just skipped, while the
 * next track plays. One optional tap; no free text, which could name someone. It takes the place
 * of `fallback` (the dig bar, above the card) for its few seconds: below the controls it would
 * sit under a phone's fold, and over the card it would hide the ring. It never takes focus and
 * goes by itself, so the flow never waits for it.
 */
export function SkipReasonStrip({ fallback }: { fallback?: ReactNode }) {
  const { reasonFor, reasonNote, giveReason, dismissReason, holdReason, releaseReason } =
    useSkipReasonOffer();
  const titleId = useId();
  const noteText = reasonNote
    ? [reasonNote.text, reasonNote.points > 0 ? formatPoints(reasonNote.points) : ''].join(' ').trim()
    : '';
  return (
    <>
      {/* Always there, so it is heard: a screen reader user hears there is a question, not six chips. */}
      <p aria-live="polite" className="sr-only">
        {reasonFor ? 'Why skip? Optional reasons above the track.' : noteText}
      </p>
      {reasonFor ? (
        <div
          key={reasonFor.at}
          role="group"
          aria-labelledby={titleId}
          onFocus={holdReason}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) releaseReason();
          }}
          className="grid w-full max-w-md grid-cols-[minmax(0,1fr)_auto] items-center gap-x-1 motion-safe:animate-rise-in sm:max-w-3xl sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:gap-x-3"
        >
          <p className="col-start-1 row-start-1 pl-1 text-sm font-semibold whitespace-nowrap text-fg">
            <span id={titleId}>Why skip?</span>
            <span className="ml-2 font-normal text-muted sm:hidden">Optional, one tap</span>
          </p>
          <ScrollFade className="col-span-2 row-start-2 mt-1.5 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:mt-0">
            <ul className="flex w-max gap-2 px-0.5 py-0.5">
              {SKIP_REASONS.map((reason) => (
                <li key={reason}>
                  <button
                    type="button"
                    onClick={() => void giveReason(reason)}
                    className="h-11 rounded-full border border-line bg-surface px-3.5 text-sm font-medium whitespace-nowrap text-fg transition-colors hover:border-primary/60 hover:bg-field active:scale-[0.98] md:pointer-fine:h-9 md:pointer-fine:px-3"
                  >
                    {SKIP_REASON_LABELS[reason]}
                  </button>
                </li>
              ))}
            </ul>
          </ScrollFade>
          <button
            type="button"
            aria-label="Dismiss, no reason"
            onClick={dismissReason}
            className="col-start-2 row-start-1 grid size-11 place-items-center justify-self-end rounded-full text-muted hover:bg-field hover:text-fg sm:col-start-3 md:pointer-fine:size-9"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : reasonNote ? (
        <p
          key={reasonNote.at}
          aria-hidden="true"
          data-testid="skip-reason-note"
          className={cn(
            'flex min-h-9 items-center gap-1.5 rounded-full bg-surface px-4 py-1 text-sm font-semibold shadow-sm ring-1 ring-line motion-safe:animate-rise-in',
            reasonNote.isError ? 'text-accent' : 'text-fg',
          )}
        >
          {!reasonNote.isError && <Check aria-hidden="true" className="size-4 text-success-text" />}
          {reasonNote.text}
          {reasonNote.points > 0 && (
            <span className="text-success-text">{formatPoints(reasonNote.points)}</span>
          )}
        </p>
      ) : (
        fallback
      )}
    </>
  );
}
