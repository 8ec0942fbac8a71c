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

const KINDS = {
  up: { label: 'Upvote', Icon: ThumbsUp, lit: 'border-success-text/60 bg-success-text/15 text-success-text' },
  down: { label: 'Downvote', Icon: ThumbsDown, lit: 'border-accent/60 bg-accent/15 text-accent' },
} as const satisfies Record<Vote, object>;

/** Up and down with their counts; the viewer's own vote is lit, green up or red down (spec 002 §2.8). */
export function VoteButtons({ upvotes, downvotes, userVote, onVote, isBusy }: VoteButtonsProps) {
  const button = (vote: Vote, count: number) => {
    const { label, Icon, lit } = KINDS[vote];
    return (
      <button
        type="button"
        aria-pressed={userVote === vote}
        aria-label={`${label}, ${count}`}
        disabled={isBusy}
        onClick={() => {
          onVote(vote);
        }}
        className={cn(
          'inline-flex h-10 min-w-16 items-center justify-center gap-2 rounded-full border px-3.5 text-sm font-semibold transition-colors disabled:cursor-wait',
          userVote === vote ? lit : 'border-line text-muted hover:bg-field hover:text-fg',
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
        {count}
      </button>
    );
  };
  return (
    <div className="flex items-center gap-2" role="group" aria-label="Votes">
      {button('up', upvotes)}
      {button('down', downvotes)}
    </div>
  );
}
