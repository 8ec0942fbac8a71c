import { Check, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { BLIND_NOTES } from '@klang/domain';
import { cn } from '../../../components/ui/cn';
import { blindNotes } from '../blind-notes-store';
import { useDealMoments } from '../hooks/use-blind-notes';
import { formatPoints } from '../points-toast';
import { formatTime } from './ring-scrubber';

/**
 * Blind Notes' "this moment" (issue 31 item 2): marks where the blind track is now. Not a like
 * and no reveal, so it looks like neither: a dashed pill in the card, not a round control, and
 * apart from Like and Skip. It takes BLIND_NOTES.momentsPerDeal marks a deal.
 */
export function MomentButton({ alias, isDisabled }: { alias: string; isDisabled: boolean }) {
  const moments = useDealMoments(alias);
  const marked = moments?.marked ?? 0;
  const isFull = marked >= BLIND_NOTES.momentsPerDeal;
  const confirmed = moments?.isConfirming ? moments.last : null;
  const label = confirmed
    ? `Marked ${formatTime(confirmed.positionMs / 1000)}`
    : isFull
      ? 'Moments marked'
      : 'This moment';
  const announced = confirmed
    ? `Moment marked at ${formatTime(confirmed.positionMs / 1000)}. ${confirmed.points > 0 ? formatPoints(confirmed.points) : ''}`
    : '';
  return (
    <div>
      <button
        type="button"
        onClick={() => void blindNotes.markMoment(alias)}
        disabled={isDisabled || isFull || moments?.isSending === true}
        className={cn(
          'inline-flex h-11 items-center gap-1.5 rounded-full border px-3.5 text-xs font-semibold whitespace-nowrap text-fg transition-colors',
          'bg-surface/60 hover:bg-field active:scale-[0.98] disabled:cursor-default disabled:opacity-60',
          confirmed
            ? 'border-solid border-success-text/70'
            : 'border-dashed border-accent/60 hover:border-accent disabled:hover:border-accent/60',
        )}
      >
        {confirmed ? (
          <Check aria-hidden="true" className="size-4 text-success-text motion-safe:animate-heart-pop" />
        ) : (
          <MapPin aria-hidden="true" className="size-4 text-accent" />
        )}
        {label}
        {confirmed && confirmed.points > 0 && (
          <span aria-hidden="true" className="text-success-text">
            {formatPoints(confirmed.points)}
          </span>
        )}
        <span className="sr-only">
          , {marked} of {BLIND_NOTES.momentsPerDeal} marked
        </span>
        <span aria-hidden="true" className={cn('ml-0.5 gap-0.5', confirmed ? 'hidden' : 'flex')}>
          {Array.from({ length: BLIND_NOTES.momentsPerDeal }, (_, i) => (
            <span key={i} className={cn('size-1.5 rounded-full', i < marked ? 'bg-accent' : 'bg-muted/35')} />
          ))}
        </span>
      </button>
      <span aria-live="polite" className="sr-only">
        {announced}
      </span>
    </div>
  );
}

/**
 * The card's last line: the server's refusal of a mark (a 409 says why, plainly) while there is
 * one, else what the card says anyway.
 */
export function MomentNotice({ alias, children }: { alias: string; children: ReactNode }) {
  const error = useDealMoments(alias)?.error ?? null;
  return (
    <div aria-live="polite" className="flex min-h-5 justify-center text-center">
      {error ? <p className="text-sm font-medium text-accent">{error}</p> : children}
    </div>
  );
}
