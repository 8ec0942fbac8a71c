import {
  describeTaste,
  GENRE_NAMES,
  RADAR_RULES,
  TASTE_MESSAGES,
  UPLOAD_GENRES,
  type TasteSummary,
} from '@klang/domain';
import { Radar, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useDoorGenresMutation, useResetTasteMutation, useTasteQuery } from '../api/taste-api';

type Genre = TasteSummary['doorGenres'][number];

/** The genres a listener may start the deck from: those the deck deals today. */
const DOOR_GENRES = GENRE_NAMES.filter((g) => (UPLOAD_GENRES as readonly string[]).includes(g));

/**
 * Genre chips the deck starts from (the door's optional pick, decision 0285): a tap picks or drops
 * a genre and saves it; at most RADAR_RULES.doorGenresMax.
 */
export function DoorGenres({ isCentred = false }: { isCentred?: boolean }) {
  const taste = useTasteQuery();
  const save = useDoorGenresMutation();
  const picked = save.variables ?? taste.data?.doorGenres ?? [];
  const isFull = picked.length >= RADAR_RULES.doorGenresMax;
  const error =
    save.error instanceof ApiError ? save.error.message : save.error ? TASTE_MESSAGES.doorTooMany : null;
  return (
    <div className={cn('flex flex-col gap-2', isCentred && 'items-center')}>
      <ul
        aria-label="Genres the deck starts from"
        className={cn('flex flex-wrap gap-2', isCentred && 'justify-center')}
      >
        {DOOR_GENRES.map((genre: Genre) => {
          const isPicked = picked.includes(genre);
          return (
            <li key={genre}>
              <button
                type="button"
                aria-pressed={isPicked}
                disabled={taste.isPending || (isFull && !isPicked)}
                onClick={() => {
                  save.mutate(isPicked ? picked.filter((g) => g !== genre) : [...picked, genre]);
                }}
                className={cn(
                  'min-h-10 rounded-full border px-4 text-sm font-medium transition-colors disabled:opacity-50',
                  isPicked
                    ? 'border-primary bg-primary/15 text-fg'
                    : 'border-line bg-field/60 text-muted hover:text-fg',
                )}
              >
                {genre}
              </button>
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-accent">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The profile's "Your blind taste" (issue 29 item 5): what the deck has learned, in one sentence
 * of sound (never a track or an artist), the genres it starts from, and a reset.
 */
export function TastePanel() {
  const taste = useTasteQuery();
  const reset = useResetTasteMutation();
  const [isConfirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section
      aria-labelledby="taste-panel-title"
      className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-5 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="taste-panel-title" className="flex items-center gap-2 text-lg font-bold text-fg">
          <Radar aria-hidden="true" className="size-5 text-accent" />
          Your blind taste
        </h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={!taste.data || (taste.data.verdicts === 0 && taste.data.doorGenres.length === 0)}
          onClick={() => {
            setConfirming(true);
          }}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          Reset
        </Button>
      </div>
      {taste.isPending ? (
        <Spinner label="Loading your taste" className="mx-auto my-2" />
      ) : taste.isError ? (
        <p role="alert" className="text-accent">
          {taste.error instanceof ApiError ? taste.error.message : 'Your taste could not be loaded.'}
        </p>
      ) : (
        <>
          <p className="text-fg">{describeTaste(taste.data)}</p>
          <p className="text-sm text-muted">
            Learned only from how you rate blind tracks: their tempo, key, energy, brightness and genre. Never
            from names. Every new track still gets its fair first listens.
          </p>
        </>
      )}
      {notice && (
        <p role="status" className="text-sm text-muted">
          {notice}
        </p>
      )}
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-muted">Start the deck from (optional)</h3>
        <DoorGenres />
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setConfirming}
        title="Reset your blind taste?"
        question="The deck forgets what it learned from your verdicts and deals you a bit of everything again. Your likes and library stay."
        confirmLabel="Reset"
        isBusy={reset.isPending}
        onConfirm={() => {
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              setNotice(TASTE_MESSAGES.reset);
            },
          });
        }}
      />
    </section>
  );
}
