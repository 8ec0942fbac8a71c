import {
  SOUND_CONFIDENCE,
  setTrackSoundRequestSchema,
  type ArtistTrack,
  type TrackSound,
} from '@klang/domain';
import { AlertTriangle, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSetTrackSoundMutation } from '../hooks/use-artist-tracks';

/** A measured value as sure as its confidence: "124 BPM", "≈124 BPM", or uncertain (decision 0261). */
function measured(
  value: string | null,
  confidence: number | null,
  usable: number,
  uncertain: string,
): string {
  if (value === null || confidence === null || confidence < usable) return uncertain;
  return confidence >= SOUND_CONFIDENCE.certain ? value : `≈${value}`;
}

/** The tempo and key as the artist sees them: theirs where they gave them, else what Klang measured. */
export function soundSummary(sound: TrackSound): { tempo: string; key: string } {
  return {
    tempo:
      sound.bpmArtist === null
        ? measured(
            sound.bpm === null ? null : `${String(Math.round(sound.bpm))} BPM`,
            sound.bpmConfidence,
            SOUND_CONFIDENCE.usableTempo,
            'tempo uncertain',
          )
        : `${String(sound.bpmArtist)} BPM`,
    key:
      sound.keyArtist ??
      measured(sound.key, sound.keyConfidence, SOUND_CONFIDENCE.usableKey, 'key uncertain'),
  };
}

/**
 * The artist's line of a ready track's sound (issue 28 item 2): measured tempo and key, with
 * "≈" or "uncertain" as the confidence says, the artist's own values where given, a flag when
 * they are far from the measurement, and Edit to correct them.
 */
export function TrackSoundLine({ track }: { track: ArtistTrack }) {
  if (!track.sound) return <p className="text-sm text-muted">Measuring tempo and key…</p>;
  const { tempo, key } = soundSummary(track.sound);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-muted tabular-nums">
      <span>
        {tempo} · {key}
        {track.sound.energy && ` · ${track.sound.energy} energy`}
      </span>
      {track.sound.flagged && (
        <span className="inline-flex items-center gap-1 text-accent">
          <AlertTriangle aria-hidden="true" className="size-3.5" />
          far from what we measured
        </span>
      )}
      <EditSoundDialog track={track} sound={track.sound} />
    </p>
  );
}

/** A box's text as the request has it: a number or a Camelot code, or null to use the measurement. */
const asBpm = (typed: unknown) => (typeof typed === 'string' && typed.trim() ? Number(typed) : null);
const asKey = (typed: unknown) =>
  typeof typed === 'string' && typed.trim() ? typed.trim().toUpperCase() : null;

function EditSoundDialog({ track, sound }: { track: ArtistTrack; sound: TrackSound }) {
  const [isOpen, setOpen] = useState(false);
  const form = useZodForm(setTrackSoundRequestSchema, {
    defaultValues: { bpm: sound.bpmArtist, key: sound.keyArtist },
  });
  const save = useSetTrackSoundMutation();

  // The request's own schema: a bad value is refused before it leaves, in the server's words.
  const submit = form.onSubmit(async ({ bpm, key }) => {
    try {
      await save.mutateAsync({ trackId: track.id, bpm: bpm ?? null, key: key ?? null });
      setOpen(false);
    } catch (error) {
      form.setError('root', { message: isApiError(error) ? error.message : 'Not saved' });
    }
  });

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (open) form.reset({ bpm: sound.bpmArtist, key: sound.keyArtist });
      }}
    >
      <DialogTrigger asChild>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-full px-1.5 font-medium text-accent hover:underline"
          aria-label={`Edit the tempo and key of ${track.title}`}
        >
          <Pencil aria-hidden="true" className="size-3.5" />
          Edit
        </button>
      </DialogTrigger>
      <DialogContent
        title="Tempo and key"
        description={`Klang measured ${soundSummary({ ...sound, bpmArtist: null, keyArtist: null }).tempo} and ${soundSummary({ ...sound, bpmArtist: null, keyArtist: null }).key}. Yours are used in the deck's filters and mix mode; leave a field empty to use the measurement.`}
        size="sm"
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {form.firstMessage && <Banner tone="error">{form.firstMessage}</Banner>}
          <Input
            label="BPM"
            inputMode="decimal"
            placeholder={sound.bpm === null ? 'e.g. 124' : String(Math.round(sound.bpm))}
            {...form.register('bpm', { setValueAs: asBpm })}
          />
          <Input
            label="Key (Camelot, such as 8A)"
            placeholder={sound.key ?? 'e.g. 8A'}
            {...form.register('key', { setValueAs: asKey })}
          />
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            Save
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
