import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { SKIP_REASON_LABELS, SKIP_REASONS } from '@klang/domain';
import { cn } from '../../../components/ui/cn';
import { useSkipReasonOffer } from '../hooks/use-blind-notes';
import { formatPoints } from '../points-toast';

/**
 * Blind Notes' "Why skip?" (issue 31 item 2): six reasons for the deal just skipped, offered below
 * the controls while the next track plays. One optional tap; no free text, which could name
 * someone. It never takes focus and goes by itself, so the flow never waits for it.
 */
export function SkipReasonStrip() {
  const { reasonFor, reasonNote, giveReason, dismissReason, holdReason, releaseReason } =
    useSkipReasonOffer();
  const titleId = useId();
  const noteText = reasonNote
    ? [reasonNote.text, reasonNote.points > 0 ? formatPoints(reasonNote.points) : ''].join(' ').trim()
    : '';
  // A fragment: the live region is out of the flow (sr-only), so an empty strip adds no gap.
  return (
    <>
      {/* Said once as it appears: a screen reader user hears there is a question, not six chips. */}
      <p aria-live="polite" className="sr-only">
        {reasonFor ? 'Why skip that one? Optional reasons follow the controls.' : noteText}
      </p>
      {reasonFor && (
        <div
          key={reasonFor.at}
          role="group"
          aria-labelledby={titleId}
          data-testid="skip-reasons"
          onFocus={holdReason}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) releaseReason();
          }}
          className="w-full max-w-md rounded-2xl border border-line bg-surface/80 py-2 pr-1.5 pl-4 shadow-lg shadow-black/10 backdrop-blur-sm motion-safe:animate-rise-in"
        >
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-semibold text-fg">
              <span id={titleId}>Why skip that one?</span>
              <span className="ml-2 font-normal text-muted">Optional</span>
            </p>
            <button
              type="button"
              aria-label="Dismiss, no reason"
              onClick={dismissReason}
              className="grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-field hover:text-fg md:pointer-fine:size-8"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
          <ul className="flex flex-wrap gap-2 pr-2.5 pb-1">
            {SKIP_REASONS.map((reason) => (
              <li key={reason}>
                <button
                  type="button"
                  onClick={() => void giveReason(reason)}
                  className="h-11 rounded-full border border-line bg-field/70 px-3.5 text-sm font-medium whitespace-nowrap text-fg transition-colors hover:border-primary/60 hover:bg-field active:scale-[0.98] md:pointer-fine:h-9"
                >
                  {SKIP_REASON_LABELS[reason]}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {reasonNote && (
        <p
          key={reasonNote.at}
          aria-hidden="true"
          className={cn(
            'flex items-center gap-1.5 rounded-full bg-surface px-3 py-1 text-sm font-semibold shadow-sm ring-1 ring-line motion-safe:animate-rise-in',
            reasonNote.isError ? 'text-accent' : 'text-fg',
          )}
        >
          {!reasonNote.isError && <Check aria-hidden="true" className="size-4 text-success-text" />}
          {reasonNote.text}
          {reasonNote.points > 0 && (
            <span className="text-success-text">{formatPoints(reasonNote.points)}</span>
          )}
        </p>
      )}
    </>
  );
}
