import { CATALOGUE_MESSAGES, FOLLOW_MESSAGES, PRODUCT_NAME } from '@klang/domain';
import { ArrowLeft, AtSign, Globe, Share2, UserCheck, UserPlus } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useArtistPageQuery, useFollowMutation, type ArtistRef } from '../api/catalogue-api';
import { TrackRow, type ListPlayback } from './track-row';

interface ArtistPageProps {
  artistRef: ArtistRef;
  playback: ListPlayback;
  artistHref: (artistId: string) => string;
  verifiedBadgeSrc: string;
  /** The signed-in user's id, or null for a visitor (who is offered sign-in to follow). */
  viewerId: string | null;
  signInLink: ReactNode;
  onBack: () => void;
  /** A missing or unavailable profile: the app says why and leaves (spec 001 §9: to /). */
  onUnavailable: (message: string) => void;
}

const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

/** The public artist page (spec 001 §2): who they are, and their tracks, masked until liked. */
export function ArtistPage({
  artistRef,
  playback,
  artistHref,
  verifiedBadgeSrc,
  viewerId,
  signInLink,
  onBack,
  onUnavailable,
}: ArtistPageProps) {
  const page = useArtistPageQuery(artistRef);
  const follow = useFollowMutation(artistRef);
  useDocumentTitle(page.data?.artist.name ?? 'Artist');

  useEffect(() => {
    if (page.isError) onUnavailable(page.error.message);
  }, [page.isError, page.error, onUnavailable]);

  if (page.isPending || page.isError) return <Spinner label="Loading the artist" className="mx-auto my-24" />;
  const { artist, tracks } = page.data;
  const isOwnPage = viewerId === artist.id;

  async function share() {
    if (!artist.artistUrl) return;
    const url = new URL(`/${artist.artistUrl}`, window.location.origin).toString();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${artist.name} on ${PRODUCT_NAME}`, url });
        return;
      } catch {
        // Dismissed, or not allowed here: copying still works.
      }
    }
    await navigator.clipboard.writeText(url);
    toast({ title: CATALOGUE_MESSAGES.profileLinkCopied, tone: 'success' });
  }

  return (
    <article className="flex flex-col gap-8">
      <Button variant="ghost" className="self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </Button>
      <header className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
        <Avatar src={artist.imageUrl} size="lg" />
        <div className="flex min-w-0 flex-1 flex-col items-center gap-3 sm:items-start">
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="flex items-center justify-center gap-2 text-3xl font-bold tracking-tight text-fg sm:justify-start">
              <span className="truncate">{artist.name}</span>
              {artist.goldBadge && <img src={verifiedBadgeSrc} alt="Verified artist" className="size-6" />}
            </h1>
            <p className="text-sm text-muted">
              {artist.username && <>@{artist.username} · </>}
              {compact.format(artist.followers)} {artist.followers === 1 ? 'follower' : 'followers'}
            </p>
          </div>
          <div className="flex flex-wrap justify-center gap-2">
            {!isOwnPage &&
              (viewerId ? (
                <Button
                  variant={artist.isFollowing ? 'secondary' : 'primary'}
                  disabled={follow.isPending}
                  onClick={() => {
                    follow.mutate(artist, {
                      onSuccess: (state) => {
                        if (state.isFollowing && !artist.isFollowing)
                          toast.info(FOLLOW_MESSAGES.following(artist.name), FOLLOW_MESSAGES.firstDeal);
                      },
                      onError: (error) => toast({ title: error.message, tone: 'error' }),
                    });
                  }}
                >
                  {artist.isFollowing ? (
                    <UserCheck aria-hidden="true" className="size-4" />
                  ) : (
                    <UserPlus aria-hidden="true" className="size-4" />
                  )}
                  {artist.isFollowing ? 'Following' : 'Follow'}
                </Button>
              ) : (
                signInLink
              ))}
            {artist.artistUrl && (
              <Button variant="secondary" onClick={() => void share()}>
                <Share2 aria-hidden="true" className="size-4" />
                Share Profile
              </Button>
            )}
          </div>
        </div>
      </header>
      {(artist.bio ?? artist.instagram ?? artist.website) && (
        <div className="flex flex-col gap-3">
          {artist.bio && <p className="max-w-prose text-[0.9375rem] text-fg/85">{artist.bio}</p>}
          {(artist.instagram ?? artist.website) && (
            <div className="flex flex-wrap gap-4 text-sm">
              {artist.instagram && (
                <a
                  href={instagramUrl(artist.instagram)}
                  className="flex items-center gap-1 text-accent hover:underline"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  <AtSign aria-hidden="true" className="size-4" />
                  Instagram
                </a>
              )}
              {artist.website && (
                <a
                  href={artist.website}
                  className="flex items-center gap-1 text-accent hover:underline"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  <Globe aria-hidden="true" className="size-4" />
                  Website
                </a>
              )}
            </div>
          )}
        </div>
      )}
      <section aria-labelledby="artist-tracks" className="flex flex-col gap-3">
        <h2 id="artist-tracks" className="text-lg font-bold text-fg">
          Tracks
        </h2>
        {playback.error && <p className="text-sm text-primary">{playback.error}</p>}
        {tracks.length === 0 ? (
          <p className="text-muted">No tracks yet.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {tracks.map((track, index) => (
              <TrackRow
                // A masked track has no id to key on; its place in the list is all there is.
                key={track.isRevealed ? track.id : `masked-${index}`}
                track={track}
                playback={playback}
                artistHref={artistHref}
                lockedHint={CATALOGUE_MESSAGES.lockedTrack}
                showGenre
              />
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

/** The server takes a handle or an http(s) address for Instagram (decision 0133); a handle links to its profile. */
function instagramUrl(value: string): string {
  return /^https?:\/\//i.test(value) ? value : `https://instagram.com/${value.replace(/^@/, '')}`;
}
