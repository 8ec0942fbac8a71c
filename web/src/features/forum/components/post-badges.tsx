import type { ForumPostSummary } from '@klang/domain';
import { Lock, Pin } from 'lucide-react';

/** Pinned and locked icons and the category chip in its colour (spec 002 §2.8). */
export function PostBadges({ post }: { post: Pick<ForumPostSummary, 'isPinned' | 'isLocked' | 'category'> }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {post.isPinned && (
        <span className="inline-flex items-center gap-1 text-[0.8125rem] font-semibold text-gold">
          <Pin aria-hidden="true" className="size-4" />
          Pinned
        </span>
      )}
      {post.isLocked && (
        <span className="inline-flex items-center gap-1 text-[0.8125rem] font-semibold text-muted">
          <Lock aria-hidden="true" className="size-4" />
          Locked
        </span>
      )}
      <span
        className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-[0.8125rem] font-medium text-fg"
        style={{ borderColor: post.category.color, backgroundColor: `${post.category.color}26` }}
      >
        <span
          aria-hidden="true"
          className="size-2 rounded-full"
          style={{ backgroundColor: post.category.color }}
        />
        {post.category.name}
      </span>
    </div>
  );
}
