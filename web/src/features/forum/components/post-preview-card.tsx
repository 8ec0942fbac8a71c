import type { ForumPostSummary } from '@klang/domain';
import { Eye, MessageCircle, ThumbsDown, ThumbsUp, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { AuthorLine } from './author-line';
import { PostBadges } from './post-badges';

interface PostPreviewCardProps {
  post: ForumPostSummary;
  href: string;
  /** Set on the viewer's own posts only; the list shows it on wide screens (spec 002 §5). */
  onDelete?: (() => void) | undefined;
}

/** One post in the list: badges, title, the first 150 characters, author and counts. */
export function PostPreviewCard({ post, href, onDelete }: PostPreviewCardProps) {
  return (
    <article className="relative flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-muted/50 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <PostBadges post={post} />
        {onDelete && (
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Delete post: ${post.title}`}
            className="relative z-10 -m-1.5 hidden size-9 place-items-center rounded-full text-muted transition-colors hover:bg-accent/10 hover:text-accent md:grid"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      <h2 className="text-lg leading-snug font-bold break-words text-fg">
        {/* The link covers the card; the delete button sits above it. */}
        <Link to={href} className="after:absolute after:inset-0 after:rounded-2xl">
          {post.title}
        </Link>
      </h2>
      <p className="text-[0.9375rem] leading-relaxed break-words whitespace-pre-line text-muted">
        {post.preview}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <AuthorLine author={post.author} createdAt={post.createdAt} size="sm" />
        <dl className="flex items-center gap-4 text-[0.8125rem] text-muted">
          <Count
            icon={<ThumbsUp aria-hidden="true" className="size-4" />}
            label="Upvotes"
            value={post.upvotes}
          />
          <Count
            icon={<ThumbsDown aria-hidden="true" className="size-4" />}
            label="Downvotes"
            value={post.downvotes}
          />
          <Count icon={<Eye aria-hidden="true" className="size-4" />} label="Views" value={post.viewCount} />
          <Count
            icon={<MessageCircle aria-hidden="true" className="size-4" />}
            label="Replies"
            value={post.replyCount}
          />
        </dl>
      </div>
    </article>
  );
}

function Count({ icon, label, value }: { icon: React.ReactNode; label: string; value: number }) {
  return (
    <div className="flex items-center gap-1">
      <dt className="flex items-center">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd>{value}</dd>
    </div>
  );
}
