import { OFFLINE_PACK_MESSAGES } from '@klang/domain';
import { CloudOff, Heart, RotateCw, SkipForward, WifiOff, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { offlinePack, useOfflinePackStore } from '../offline-pack/offline-pack-store';
import { OFFLINE_PACK_TEXT } from '../offline-pack/offline-pack-text';
import { formatPoints } from '../points-toast';

/**
 * Where the reveal card would be after a like offline: the name waits for the network, so
 * nothing on the device can leak it (issue 32 item 3); the listener moves on from here.
 */
export function RevealOnlineNotice({ onNext }: { onNext: () => void }) {
  return (
    <section aria-label="Liked offline" className="flex w-full flex-col items-center gap-3 text-center">
      <p className="flex items-center gap-2 font-semibold text-fg">
        <CloudOff aria-hidden="true" className="size-5 text-accent" />
        {OFFLINE_PACK_MESSAGES.revealOnline}
      </p>
      <Button variant="secondary" size="sm" onClick={onNext}>
        <SkipForward aria-hidden="true" className="size-4" />
        Next
      </Button>
    </section>
  );
}

/** Offline with the pack played through, or none saved: an end state with a way on. */
export function OfflineEnd({ isPackPlayed, onRetry }: { isPackPlayed: boolean; onRetry: () => void }) {
  return (
    <div className="flex w-full max-w-md flex-col items-center gap-6 text-center">
      <div className="grid size-20 place-items-center rounded-full border border-line bg-surface shadow-xl">
        <WifiOff aria-hidden="true" className="size-9 text-accent" />
      </div>
      <h2 className="text-xl font-bold tracking-tight text-balance text-fg">
        {isPackPlayed ? OFFLINE_PACK_MESSAGES.offlineEmpty : OFFLINE_PACK_MESSAGES.offlineNoPack}
      </h2>
      <Button variant="secondary" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        {OFFLINE_PACK_TEXT.tryAgain}
      </Button>
    </div>
  );
}

/**
 * What the pack's sync brought back, once: the tracks liked offline, now named, and the points
 * they earned; or why the pack was dropped. Nothing when there is no news.
 */
export function OfflinePackNews({ artistHref }: { artistHref: (artistId: string) => string }) {
  const backOnline = useOfflinePackStore((state) => state.backOnline);
  const notice = useOfflinePackStore((state) => state.notice);
  if (!backOnline && !notice) return null;
  return (
    <div className="flex w-full max-w-md flex-col gap-3">
      {notice && (
        <Banner tone="info" onDismiss={offlinePack.dismissNotice}>
          {notice}
        </Banner>
      )}
      {backOnline && (
        <section
          aria-labelledby="back-online-title"
          className="flex flex-col gap-3 rounded-3xl border border-line bg-surface p-4 text-left sm:p-5"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 id="back-online-title" className="font-bold text-fg">
              {OFFLINE_PACK_TEXT.backOnline(backOnline.liked.length)}
            </h2>
            <button
              type="button"
              aria-label="Dismiss"
              onClick={offlinePack.dismissBackOnline}
              className="-mt-1 -mr-1.5 grid size-8 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-field hover:text-fg"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
          <ul className="flex flex-col gap-2">
            {backOnline.liked.map(({ alias, reveal }) => (
              <li key={alias} className="flex min-w-0 items-center gap-3">
                <Cover url={reveal.track.coverUrl} />
                <div className="flex min-w-0 flex-col">
                  <span className="truncate font-semibold text-fg">{reveal.track.title}</span>
                  <a
                    href={artistHref(reveal.artist.id)}
                    className="truncate text-sm text-accent hover:underline"
                  >
                    {reveal.track.artist}
                  </a>
                </div>
              </li>
            ))}
          </ul>
          {backOnline.points > 0 && (
            <p className="text-sm font-bold text-success-text">{formatPoints(backOnline.points)}</p>
          )}
        </section>
      )}
    </div>
  );
}

function Cover({ url }: { url: string | null }): ReactNode {
  // A signed cover URL expires; the heart stands in where there is none.
  if (url) return <img src={url} alt="" className="size-12 shrink-0 rounded-xl object-cover" />;
  return (
    <div className="grid size-12 shrink-0 place-items-center rounded-xl bg-[radial-gradient(circle_at_30%_25%,var(--color-primary),var(--color-surface))]">
      <Heart aria-hidden="true" className="size-5 fill-current text-on-primary" />
    </div>
  );
}
