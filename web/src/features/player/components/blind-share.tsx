import { useMutation, useQuery } from '@tanstack/react-query';
import { BLIND_SHARE_MESSAGES, PLAYER_MESSAGES, type ShareDealResponse } from '@klang/domain';
import { Heart, Link2Off, Play, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { formatDuration } from '../../../lib/format-duration';
import { playerApi } from '../api/player-api';
import { playerKeys } from '../api/player-keys';
import { playTrack } from '../audio/audio-engine';
import { positionMs } from '../audio/position';
import { revealedFrom, usePlayerStore, type RevealedTrack } from '../player-store';
import { announceChanges } from '../server-changes';
import { BlindPreview } from './blind-preview';
import { formatPoints } from '../points-toast';

interface BlindShareProps {
  token: string;
  isSignedIn: boolean;
  /** Signup and login, each bringing the visitor back here (the screen knows the routes). */
  signUpLink: ReactNode;
  logInLink: ReactNode;
  /** Where a listener goes on: Discover, or the signup for a visitor. */
  discoverLink: ReactNode;
  artistHref: (artistId: string) => string;
}

type Played =
  | { state: 'idle' }
  | { state: 'playing'; alias: string }
  | { state: 'revealed'; named: RevealedTrack; points: number }
  | { state: 'yours' };

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/**
 * A blind share link (decision 0307): the track plays before it is named. A visitor hears a
 * 30-second blind preview (decision 0308) and is asked to sign up to hear it all; a listener hears it masked and likes it to find out who made it. The page
 * knows the track by the link's token alone, and asks the server for nothing else until the play.
 */
export function BlindShare({
  token,
  isSignedIn,
  signUpLink,
  logInLink,
  discoverLink,
  artistHref,
}: BlindShareProps) {
  const shared = useQuery({
    queryKey: playerKeys.sharedTrack(token),
    queryFn: ({ signal }) => playerApi.sharedTrack(token, signal),
    retry: false,
  });
  const [played, setPlayed] = useState<Played>({ state: 'idle' });
  // Liked from the mini player instead of here, the track is named all the same.
  const likedInPlayer = usePlayerStore((state) =>
    played.state === 'playing' && state.revealed?.trackId === played.alias ? state.revealed : null,
  );
  // The deal and the like are writes, each made once per tap: mutations, never retried.
  const hear = useMutation({
    mutationFn: async () => {
      const dealt: ShareDealResponse = await playerApi.shareDeal(token);
      if (dealt.state === 'track') {
        usePlayerStore.getState().setCurrentTrack(dealt.track, 'charts');
        await playTrack(dealt.track.id);
      }
      return dealt;
    },
    onSuccess: (dealt) => {
      if (dealt.state === 'track') setPlayed({ state: 'playing', alias: dealt.track.id });
      else if (dealt.state === 'revealed')
        setPlayed({ state: 'revealed', named: revealedFrom(dealt.reveal.track.id, dealt.reveal), points: 0 });
      else setPlayed(dealt);
    },
  });
  const like = useMutation({
    mutationFn: (alias: string) => playerApi.like(alias, false, positionMs()),
    onSuccess: (reveal, alias) => {
      announceChanges('likes', 'points', 'taste');
      const named = revealedFrom(alias, reveal);
      usePlayerStore.getState().markLiked(named);
      setPlayed({ state: 'revealed', named, points: reveal.pointsAwarded });
    },
  });
  const isBusy = hear.isPending || like.isPending;
  // Only one can have failed last: a like is offered once the deal played.
  const error = hear.error
    ? messageOf(hear.error, PLAYER_MESSAGES.audioFailedToLoad)
    : like.error
      ? messageOf(like.error, PLAYER_MESSAGES.trackUnavailable)
      : null;

  if (shared.isPending)
    return (
      <div className="grid min-h-[50dvh] place-items-center">
        <Spinner />
      </div>
    );

  if (shared.isError)
    return (
      <Frame icon={<Link2Off aria-hidden="true" className="size-9 text-accent" />}>
        <h1 className="text-2xl font-bold tracking-tight text-balance text-fg">
          {BLIND_SHARE_MESSAGES.expired}
        </h1>
        <p className="max-w-prose text-muted">{BLIND_SHARE_MESSAGES.expiredDetail}</p>
        <div className="flex flex-wrap justify-center gap-3">{discoverLink}</div>
      </Frame>
    );

  const length = shared.data.durationMs === null ? null : formatDuration(shared.data.durationMs / 1000);

  const revealed =
    played.state === 'revealed' ? played : likedInPlayer && { named: likedInPlayer, points: 0 };
  if (revealed) {
    const { named, points } = revealed;
    return (
      <Frame icon={<Heart aria-hidden="true" className="size-9 fill-current text-accent" />}>
        <p className="text-sm font-semibold tracking-wide text-muted uppercase">You liked it blind</p>
        <section aria-label="Revealed track" className="flex flex-col items-center gap-2">
          {named.coverUrl && (
            <img src={named.coverUrl} alt="" className="size-32 rounded-2xl object-cover shadow-xl" />
          )}
          <h1 className="text-2xl font-bold tracking-tight text-fg">{named.title}</h1>
          <a href={artistHref(named.artistId)} className="font-semibold text-accent hover:underline">
            {named.artist}
          </a>
          {points > 0 && (
            <p className="inline-flex items-center gap-1.5 rounded-full bg-success/15 px-3 py-1 text-sm font-bold text-success-text">
              <Sparkles aria-hidden="true" className="size-4" />
              {formatPoints(points)}
            </p>
          )}
        </section>
        <div className="flex flex-wrap justify-center gap-3">{discoverLink}</div>
      </Frame>
    );
  }

  return (
    <Frame icon={<Heart aria-hidden="true" className="size-9 text-accent" />}>
      <p className="text-sm font-semibold tracking-wide text-muted uppercase">A blind track</p>
      <h1 className="text-2xl font-bold tracking-tight text-balance text-fg sm:text-3xl">
        Someone shared a track with you, blind
      </h1>
      <p className="max-w-prose text-muted">
        No name, no cover. Hear it, and like it to find out who made it.
        {length && <span className="tabular-nums"> {length} long.</span>}
      </p>
      {error && <Banner tone="error">{error}</Banner>}
      {!isSignedIn ? (
        <>
          <BlindPreview token={token} className="max-w-sm" />
          <div className="flex flex-wrap justify-center gap-3">
            {signUpLink}
            {logInLink}
          </div>
        </>
      ) : played.state === 'yours' ? (
        <p className="max-w-prose rounded-2xl border border-line bg-surface px-4 py-3 text-fg">
          {BLIND_SHARE_MESSAGES.yours}
        </p>
      ) : played.state === 'playing' ? (
        <div className="flex flex-col items-center gap-3">
          <p className="text-sm text-muted">Playing in the player below.</p>
          <Button
            size="lg"
            isLoading={isBusy}
            onClick={() => {
              like.mutate(played.alias);
            }}
          >
            <Heart aria-hidden="true" className="size-5" />
            Like it to find out who made it
          </Button>
        </div>
      ) : (
        <Button
          size="lg"
          isLoading={isBusy}
          onClick={() => {
            hear.mutate();
          }}
        >
          <Play aria-hidden="true" className="size-5" />
          Hear it blind
        </Button>
      )}
    </Frame>
  );
}

function Frame({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-5 px-5 py-12 text-center">
      <div className="grid size-20 place-items-center rounded-full border border-line bg-surface shadow-xl">
        {icon}
      </div>
      {children}
    </div>
  );
}
