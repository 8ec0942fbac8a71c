import { FORUM_MESSAGES, type ForumAuthor } from '@klang/domain';
import { UserRound } from 'lucide-react';
import { BRAND_ASSETS } from '../../../lib/brand-assets';
import { formatRelativeTime } from '../relative-time';

interface AuthorLineProps {
  /** Null for an anonymous post or reply: 'Anonymous', no picture, no badge (spec 002 §6). */
  author: ForumAuthor | null;
  createdAt: string;
  size?: 'sm' | 'md';
}

/**
 * Who wrote it and when (spec 002 §2.8, §6): an admin shows their own picture or the logo and an
 * ADMIN badge; anyone else their picture or a placeholder and, with a gold badge, a verified mark.
 */
export function AuthorLine({ author, createdAt, size = 'md' }: AuthorLineProps) {
  const avatar = size === 'md' ? 'size-10' : 'size-8';
  const picture = author?.avatarUrl ?? (author?.isAdmin ? BRAND_ASSETS.logo : null);
  return (
    <div className="flex min-w-0 items-center gap-3">
      {picture ? (
        <img src={picture} alt="" className={`${avatar} shrink-0 rounded-full bg-field object-cover`} />
      ) : (
        <span className={`${avatar} grid shrink-0 place-items-center rounded-full bg-field text-muted`}>
          <UserRound aria-hidden="true" className="size-1/2" />
        </span>
      )}
      <div className="flex min-w-0 flex-col">
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="truncate font-semibold text-fg">{author?.name ?? FORUM_MESSAGES.anonymous}</span>
          {author?.isAdmin && (
            <span className="shrink-0 rounded-md bg-primary px-1.5 py-0.5 text-[0.6875rem] font-bold tracking-wide text-on-primary">
              ADMIN
            </span>
          )}
          {author && !author.isAdmin && author.isVerified && (
            <img src={BRAND_ASSETS.verifiedBadge} alt="Verified artist" className="size-4 shrink-0" />
          )}
        </span>
        <time dateTime={createdAt} className="text-[0.8125rem] text-muted">
          {formatRelativeTime(createdAt)}
        </time>
      </div>
    </div>
  );
}
