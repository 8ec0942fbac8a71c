import { CATALOGUE_MESSAGES, type RevealedListedTrack } from '@klang/domain';
import { Download, Library as LibraryIcon, Play, Undo2, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { IconTile } from '../../../components/ui/icon-tile';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import {
  useLibraryQuery,
  useRemoveFromLibraryMutation,
  useRestoreToLibraryMutation,
} from '../api/catalogue-api';
import { download, libraryCsv, libraryM3u } from '../library-export';
import { LIBRARY_SORTS, sortLibrary, type LibrarySort } from '../library-order';
import { TrackRow, type ListPlayback } from './track-row';

interface LibraryProps {
  playback: ListPlayback;
  artistHref: (artistId: string) => string;
  discoverLink: ReactNode;
  /** Plays the tracks in this order, one after the other (the screen owns the queue). */
  onPlayAll: (tracks: RevealedListedTrack[]) => void;
}

/** The library's downloads (issue 28 item 5): made in the browser, metadata only. */
const LIBRARY_EXPORTS = [
  { label: 'CSV', fileName: 'klang-library.csv', type: 'text/csv', write: libraryCsv },
  { label: 'M3U', fileName: 'klang-library.m3u', type: 'audio/x-mpegurl', write: libraryM3u },
] as const;

/** How long the undo of a removal stays offered. */
const UNDO_MS = 10_000;

/**
 * /library (spec 001 §2, §4 Library): the liked tracks the listener kept, with a count, an order,
 * play-all, and an undo for the last removal (which goes back through the server).
 */
export function Library({ playback, artistHref, discoverLink, onPlayAll }: LibraryProps) {
  const library = useLibraryQuery();
  const remove = useRemoveFromLibraryMutation();
  const restore = useRestoreToLibraryMutation();
  const [sort, setSort] = useState<LibrarySort>('recent');
  const [removed, setRemoved] = useState<RevealedListedTrack | null>(null);

  useEffect(() => {
    if (!removed) return;
    const timer = setTimeout(() => {
      setRemoved(null);
    }, UNDO_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [removed]);

  if (library.isPending) return <Spinner label="Loading your library" className="mx-auto my-16" />;
  if (library.isError)
    return (
      <Banner tone="error" title="Your library did not load">
        {library.error.message}
      </Banner>
    );

  const undoBar = removed && (
    <div
      role="status"
      className="flex items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-2.5 text-sm text-fg"
    >
      <p className="min-w-0 flex-1 truncate">
        Removed <span className="font-semibold">{removed.title}</span>
      </p>
      <Button
        size="sm"
        variant="secondary"
        isLoading={restore.isPending}
        onClick={() => {
          restore.mutate(removed.id, {
            onSuccess: () => {
              setRemoved(null);
            },
            onError: (error) => toast({ title: error.message, tone: 'error' }),
          });
        }}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        Undo
      </Button>
    </div>
  );

  if (library.data.length === 0)
    return (
      <div className="flex flex-col gap-3">
        {undoBar}
        <div className="flex flex-col items-center gap-4 py-16 text-center">
          <IconTile icon={LibraryIcon} />
          <h2 className="text-xl font-bold text-fg">{CATALOGUE_MESSAGES.emptyLibrary}</h2>
          <p className="max-w-sm text-muted">
            Like a track in Discover and choose Add to library: it will wait for you here.
          </p>
          {discoverLink}
        </div>
      </div>
    );

  const tracks = sortLibrary(library.data, sort);
  const count = tracks.length;
  return (
    <div className="flex flex-col gap-4">
      <p className="-mt-4 text-muted tabular-nums">
        {count} {count === 1 ? 'track' : 'tracks'}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            onClick={() => {
              onPlayAll(tracks);
            }}
          >
            <Play aria-hidden="true" className="size-4 fill-current" />
            Play all
          </Button>
          {LIBRARY_EXPORTS.map((format) => (
            <Button
              key={format.label}
              variant="secondary"
              size="sm"
              onClick={() => {
                download(format.fileName, format.write(tracks), format.type);
              }}
            >
              <Download aria-hidden="true" className="size-4" />
              {format.label}
            </Button>
          ))}
        </div>
        <div
          role="group"
          aria-label="Sort by"
          className="flex rounded-full border border-line bg-surface p-1"
        >
          {LIBRARY_SORTS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={sort === option.value}
              onClick={() => {
                setSort(option.value);
              }}
              className={cn(
                'h-8 rounded-full px-2.5 text-sm font-semibold transition-colors sm:px-3',
                sort === option.value ? 'bg-fg text-bg' : 'text-muted hover:text-fg',
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>
      {undoBar}
      {playback.error && <Banner tone="error" title={playback.error} />}
      <ul aria-label="Your library" className="flex flex-col gap-1">
        {tracks.map((track) => (
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
                    onSuccess: () => {
                      setRemoved(track);
                    },
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
