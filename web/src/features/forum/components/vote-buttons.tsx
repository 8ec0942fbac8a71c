import type { Vote } from '@klang/domain';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { cn } from '../../../components/ui/cn';

interface VoteButtonsProps {
  upvotes: number;
  downvotes: number;
  userVote: Vote | null;
  onVote: (vote: Vote) => void;
  /** One vote action at a time (spec 002 §4). */
  isBusy: boolean;
}

/** Up and down with their counts; the viewer's own vote is lit, green up or red down (spec 002 §2.8). */
export function VoteButtons({ upvotes, downvotes, userVote, onVote, isBusy }: VoteButtonsProps) {
  const base =
    'inline-flex h-10 min-w-16 items-center justify-center gap-2 rounded-full border px-3.5 text-sm font-semibold transition-colors disabled:cursor-wait';
  return (
    <div className="flex items-center gap-2" role="group" aria-label="Votes">
      <button
        type="button"
        aria-pressed={userVote === 'up'}
        aria-label={`Upvote, ${upvotes}`}
        disabled={isBusy}
        onClick={() => {
          onVote('up');
        }}
        className={cn(
          base,
          userVote === 'up'
            ? 'border-success-text/60 bg-success-text/15 text-success-text'
            : 'border-line text-muted hover:bg-field hover:text-fg',
        )}
      >
        <ThumbsUp aria-hidden="true" className="size-4" />
        {upvotes}
      </button>
      <button
        type="button"
        aria-pressed={userVote === 'down'}
        aria-label={`Downvote, ${downvotes}`}
        disabled={isBusy}
        onClick={() => {
          onVote('down');
        }}
        className={cn(
          base,
          userVote === 'down'
            ? 'border-accent/60 bg-accent/15 text-accent'
            : 'border-line text-muted hover:bg-field hover:text-fg',
        )}
      >
        <ThumbsDown aria-hidden="true" className="size-4" />
        {downvotes}
      </button>
    </div>
  );
}
