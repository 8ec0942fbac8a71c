import { FORUM_MESSAGES, type ForumReply } from '@klang/domain';
import { CornerDownRight, Star, Trash2 } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import { AuthorLine } from './author-line';

interface ReplyThreadProps {
  replies: readonly ForumReply[];
  isAdmin: boolean;
  /** Hidden on a locked post, where nobody may reply. */
  canReply: boolean;
  onReplyTo: (reply: ForumReply) => void;
  onToggleStar: (reply: ForumReply) => void;
  onDelete: (reply: ForumReply) => void;
}

/** Deeper answers stop indenting here, so a long exchange stays readable on a phone. */
const MAX_INDENT = 3;

/** Replies in order, each under the reply it answers (spec 002 §2.8). */
export function ReplyThread(props: ReplyThreadProps) {
  const ids = new Set(props.replies.map((r) => r.id));
  const children = new Map<string | null, ForumReply[]>();
  for (const reply of props.replies) {
    // A reply whose parent is gone (deleted) stands at the top level.
    const parent = reply.parentReplyId && ids.has(reply.parentReplyId) ? reply.parentReplyId : null;
    children.set(parent, [...(children.get(parent) ?? []), reply]);
  }

  const renderLevel = (parentId: string | null, depth: number): React.ReactNode => {
    const level = children.get(parentId);
    if (!level) return null;
    return (
      <ul
        className={cn(
          'flex flex-col gap-3',
          depth > 0 && depth <= MAX_INDENT && 'mt-3 ml-3 border-l border-line pl-3 sm:ml-5 sm:pl-5',
        )}
      >
        {level.map((reply) => (
          <li key={reply.id}>
            <ReplyItem reply={reply} {...props} />
            {renderLevel(reply.id, depth + 1)}
          </li>
        ))}
      </ul>
    );
  };

  return renderLevel(null, 0);
}

function ReplyItem({
  reply,
  isAdmin,
  canReply,
  onReplyTo,
  onToggleStar,
  onDelete,
}: { reply: ForumReply } & Omit<ReplyThreadProps, 'replies'>) {
  const canDelete = isAdmin || (reply.isMine && !reply.isAnonymous);
  const action =
    'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-muted transition-colors hover:bg-field hover:text-fg';
  const who = reply.author?.name ?? FORUM_MESSAGES.anonymous;
  return (
    <article
      aria-label={`Reply by ${who}`}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border bg-surface p-4',
        reply.isStarred ? 'border-gold/60' : 'border-line',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <AuthorLine author={reply.author} createdAt={reply.createdAt} size="sm" />
        {reply.isStarred && (
          <span className="inline-flex shrink-0 items-center gap-1 text-[0.8125rem] font-semibold text-gold">
            <Star aria-hidden="true" className="size-4 fill-current" />
            Starred
          </span>
        )}
      </div>
      <p className="leading-relaxed break-words whitespace-pre-wrap text-fg">{reply.content}</p>
      <div className="-ml-3 flex flex-wrap items-center gap-1">
        {canReply && (
          <button
            type="button"
            className={action}
            onClick={() => {
              onReplyTo(reply);
            }}
          >
            <CornerDownRight aria-hidden="true" className="size-4" />
            Reply
          </button>
        )}
        {isAdmin && (
          <button
            type="button"
            className={action}
            aria-pressed={reply.isStarred}
            onClick={() => {
              onToggleStar(reply);
            }}
          >
            <Star aria-hidden="true" className={cn('size-4', reply.isStarred && 'fill-current text-gold')} />
            {reply.isStarred ? 'Unstar' : 'Star'}
          </button>
        )}
        {canDelete && (
          <button
            type="button"
            className={cn(action, 'hover:bg-accent/10 hover:text-accent')}
            onClick={() => {
              onDelete(reply);
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        )}
      </div>
    </article>
  );
}
