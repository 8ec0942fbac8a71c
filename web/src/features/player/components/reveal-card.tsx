import { Check, Plus, SkipForward, UserCheck, UserPlus } from 'lucide-react';
import type { Reveal } from '@klang/domain';
import { Button } from '../../../components/ui/button';

interface RevealCardProps {
  reveal: Reveal;
  onFollow: () => void;
  onLibrary: () => void;
  onNext: () => void;
  /** Where the artist's page is; the screen that composes this card knows the route. */
  artistHref: string;
  verifiedBadgeSrc: string;
}

function formatCount(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}K`;
  return String(n);
}

/** The card after a like (spec 001 §2 /player): who made it, and what to do next. */
export function RevealCard({
  reveal,
  onFollow,
  onLibrary,
  onNext,
  artistHref,
  verifiedBadgeSrc,
}: RevealCardProps) {
  const { track, artist } = reveal;
  return (
    <section
      aria-label="Revealed track"
      className="flex w-full max-w-sm flex-col gap-4 rounded-3xl border border-line bg-surface p-5 shadow-2xl"
    >
      <div className="flex items-center gap-4">
        {track.coverUrl ? (
          <img src={track.coverUrl} alt="" className="size-20 shrink-0 rounded-2xl object-cover" />
        ) : (
          <div className="size-20 shrink-0 rounded-2xl bg-field" />
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="truncate text-lg font-bold text-fg">{track.title}</h2>
          <a
            href={artistHref}
            className="flex items-center gap-2 truncate font-medium text-accent hover:underline"
          >
            {artist.imageUrl && (
              <img src={artist.imageUrl} alt="" className="size-6 rounded-full object-cover" />
            )}
            <span className="truncate">{artist.name}</span>
            {artist.goldBadge && <img src={verifiedBadgeSrc} alt="Verified artist" className="size-4" />}
          </a>
          <p className="text-sm text-muted">
            {formatCount(artist.followers)} {artist.followers === 1 ? 'follower' : 'followers'} ·{' '}
            {track.genre}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-3 gap-2">
        <Button variant={artist.isFollowing ? 'secondary' : 'primary'} size="sm" onClick={onFollow}>
          {artist.isFollowing ? (
            <UserCheck aria-hidden="true" className="size-4" />
          ) : (
            <UserPlus aria-hidden="true" className="size-4" />
          )}
          {artist.isFollowing ? 'Following' : 'Follow'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onLibrary} aria-pressed={reveal.addedToLibrary}>
          {reveal.addedToLibrary ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          {reveal.addedToLibrary ? 'Added' : 'Add'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onNext}>
          <SkipForward aria-hidden="true" className="size-4" />
          Next
        </Button>
      </div>
    </section>
  );
}
