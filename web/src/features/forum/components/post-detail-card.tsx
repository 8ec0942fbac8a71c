import type { ForumPost, Vote } from '@klang/domain';
import { Eye, Lock, LockOpen, MessageCircle, Pin, PinOff, Trash2, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { AuthorLine } from './author-line';
import { PostBadges } from './post-badges';
import { VoteButtons } from './vote-buttons';

interface PostDetailCardProps {
  post: ForumPost;
  isAdmin: boolean;
  onVote: (vote: Vote) => void;
  isVoting: boolean;
  onDelete: () => void;
  onModerate: (change: { isPinned?: boolean; isLocked?: boolean }) => void;
  isModerating: boolean;
}

/**
 * The post (spec 002 §2.8). The content is a text node with its line breaks kept, never HTML.
 * Delete shows to the author or an admin; an anonymous post names no author, so only admins.
 */
export function PostDetailCard({
  post,
  isAdmin,
  onVote,
  isVoting,
  onDelete,
  onModerate,
  isModerating,
}: PostDetailCardProps) {
  const canDelete = isAdmin || (post.isMine && !post.isAnonymous);
  return (
    <article className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 sm:p-7">
      <PostBadges post={post} />
      <h1 className="text-2xl leading-tight font-bold tracking-tight break-words text-fg sm:text-3xl">
        {post.title}
      </h1>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <AuthorLine author={post.author} createdAt={post.createdAt} />
        <p className="flex items-center gap-4 text-sm text-muted">
          <span className="inline-flex items-center gap-1.5">
            <Eye aria-hidden="true" className="size-4" />
            {post.viewCount} {post.viewCount === 1 ? 'view' : 'views'}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <MessageCircle aria-hidden="true" className="size-4" />
            {post.replyCount} {post.replyCount === 1 ? 'reply' : 'replies'}
          </span>
        </p>
      </div>
      <p className="text-[1rem] leading-relaxed break-words whitespace-pre-wrap text-fg">{post.content}</p>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
        <VoteButtons
          upvotes={post.upvotes}
          downvotes={post.downvotes}
          userVote={post.userVote}
          onVote={onVote}
          isBusy={isVoting}
        />
        <div className="flex flex-wrap items-center gap-2">
          {isAdmin && (
            <>
              <ModerationToggle
                isOn={post.isPinned}
                labels={['Pin', 'Unpin']}
                icons={[Pin, PinOff]}
                disabled={isModerating}
                onToggle={() => {
                  onModerate({ isPinned: !post.isPinned });
                }}
              />
              <ModerationToggle
                isOn={post.isLocked}
                labels={['Lock', 'Unlock']}
                icons={[Lock, LockOpen]}
                disabled={isModerating}
                onToggle={() => {
                  onModerate({ isLocked: !post.isLocked });
                }}
              />
            </>
          )}
          {canDelete && (
            <Button variant="danger" size="sm" onClick={onDelete}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete Post
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** An admin's on/off switch for a post; its label says what a press will do. */
function ModerationToggle({
  isOn,
  labels,
  icons,
  disabled,
  onToggle,
}: {
  isOn: boolean;
  labels: [off: string, on: string];
  icons: [off: LucideIcon, on: LucideIcon];
  disabled: boolean;
  onToggle: () => void;
}) {
  const Icon = isOn ? icons[1] : icons[0];
  return (
    <Button variant="secondary" size="sm" disabled={disabled} aria-pressed={isOn} onClick={onToggle}>
      <Icon aria-hidden="true" className="size-4" />
      {isOn ? labels[1] : labels[0]}
    </Button>
  );
}
