import { CATALOGUE_MESSAGES } from '@klang/domain';
import { Library as LibraryIcon, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { IconTile } from '../../../components/ui/icon-tile';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useLibraryQuery, useRemoveFromLibraryMutation } from '../api/catalogue-api';
import { TrackRow, type ListPlayback } from './track-row';

interface LibraryProps {
  playback: ListPlayback;
  artistHref: (artistId: string) => string;
  discoverLink: ReactNode;
}

/** /library (spec 001 §2, §4 Library): the liked tracks the listener kept, playable and removable. */
export function Library({ playback, artistHref, discoverLink }: LibraryProps) {
  const library = useLibraryQuery();
  const remove = useRemoveFromLibraryMutation();

  if (library.isPending) return <Spinner label="Loading your library" className="mx-auto my-16" />;
  if (library.isError)
    return (
      <Banner tone="error" title="Your library did not load">
        {library.error.message}
      </Banner>
    );
  if (library.data.length === 0)
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <IconTile icon={LibraryIcon} />
        <h2 className="text-xl font-bold text-fg">{CATALOGUE_MESSAGES.emptyLibrary}</h2>
        <p className="max-w-sm text-muted">
          Like a track in Discover and choose Add to library: it will wait for you here.
        </p>
        {discoverLink}
      </div>
    );

  return (
    <div className="flex flex-col gap-3">
      {playback.error && <Banner tone="error" title={playback.error} />}
      <ul aria-label="Your library" className="flex flex-col gap-1">
        {library.data.map((track) => (
          <TrackRow
            key={track.id}
            track={track}
            playback={playback}
            artistHref={artistHref}
            lockedHint=""
            showGenre
            trailing={
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${track.title} from library`}
                disabled={remove.isPending && remove.variables === track.id}
                onClick={() => {
                  remove.mutate(track.id, {
                    onError: (error) => toast({ title: error.message, tone: 'error' }),
                  });
                }}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            }
          />
        ))}
      </ul>
    </div>
  );
}
