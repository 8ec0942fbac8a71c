import { Check, Plus, Share2, SkipForward, Sparkles, UserCheck, UserPlus } from 'lucide-react';
import { describeSound, type Reveal } from '@klang/domain';
import { Button } from '../../../components/ui/button';
import { formatPoints } from '../points-toast';

interface RevealCardProps {
  reveal: Reveal;
  onFollow: () => void;
  onLibrary: () => void;
  onNext: () => void;
  /** Shares the track as a blind link (decision 0307). */
  onShare: () => void;
  /** Where the artist's page is; the screen that composes this card knows the route. */
  artistHref: string;
  verifiedBadgeSrc: string;
}

function formatCount(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}K`;
  return String(n);
}

/**
 * What a like reveals (spec 001 §2 /player), as an event: the title and artist rise into place,
 * the points the server awarded pop up, and Follow, Add and Next sit one tap away. The motion
 * moves and clips but never fades text, so its contrast holds in every frame; reduced motion
 * shows it all at once.
 */
export function RevealCard({
  reveal,
  onFollow,
  onLibrary,
  onNext,
  onShare,
  artistHref,
  verifiedBadgeSrc,
}: RevealCardProps) {
  const { track, artist } = reveal;
  return (
    <section aria-label="Revealed track" className="flex w-full flex-col items-center gap-4 text-center">
      <div className="flex w-full min-w-0 flex-col items-center gap-1">
        <h2 className="max-w-full truncate text-2xl font-bold tracking-tight text-fg motion-safe:animate-rise-in lg:text-3xl">
          {track.title}
        </h2>
        <a
          href={artistHref}
          className="flex max-w-full items-center gap-2 font-semibold text-accent hover:underline motion-safe:animate-rise-in motion-safe:[animation-delay:90ms] motion-safe:[animation-fill-mode:backwards]"
        >
          {artist.imageUrl && (
            <img src={artist.imageUrl} alt="" className="size-6 shrink-0 rounded-full object-cover" />
          )}
          <span className="truncate">{artist.name}</span>
          {artist.goldBadge && (
            <img src={verifiedBadgeSrc} alt="Verified artist" className="size-4 shrink-0" />
          )}
        </a>
        <p className="text-sm text-muted">
          {formatCount(artist.followers)} {artist.followers === 1 ? 'follower' : 'followers'} · {track.genre}
        </p>
        {describeSound(track.sound) && (
          <p className="text-sm font-medium text-fg/80 tabular-nums" data-testid="reveal-sound">
            {describeSound(track.sound)}
          </p>
        )}
        {reveal.pointsAwarded > 0 && (
          <p
            className="mt-1 inline-flex items-center gap-1.5 rounded-full bg-success/15 px-3 py-1 text-sm font-bold text-success-text motion-safe:animate-points-pop"
            data-testid="reveal-points"
          >
            <Sparkles aria-hidden="true" className="size-4" />
            {formatPoints(reveal.pointsAwarded)}
          </p>
        )}
      </div>
      <div className="grid w-full max-w-sm grid-cols-3 gap-2">
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
        <Button variant="secondary" size="sm" onClick={onNext}>
          <SkipForward aria-hidden="true" className="size-4" />
          Next
        </Button>
      </div>
      <Button variant="ghost" size="sm" onClick={onShare}>
        <Share2 aria-hidden="true" className="size-4" />
        Share it blind
      </Button>
    </section>
  );
}
