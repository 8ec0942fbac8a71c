import {
  GENRES,
  TRACK_MESSAGES as M,
  uploadTrackQuerySchema,
  type ArtistTrack,
  type TrackSound,
} from '@klang/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Music } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-error';
import { cropToJpeg } from '../../../lib/crop-image';
import { useZodForm } from '../../../lib/use-zod-form';
import { tracksKeys, tracksApi } from '../api/tracks-api';
import { UPLOAD_STAGES, checkAudioFile, uploadingPercent, type UploadStage } from '../upload-rules';
import { AudioFilePreview } from './audio-file-preview';
import { CoverArtPicker, type CoverChoice } from './cover-art-picker';
import { soundSummary } from './track-sound';

/** Spec 001 §9: the modal closes 2 s after success and the form resets 1 s later. */
const CLOSE_DELAY_MS = 2000;
/** Long enough to read what was measured before the dialog closes (issue 28 item 2). */
const CLOSE_DELAY_MEASURED_MS = 4000;
const RESET_DELAY_MS = 1000;
const PROCESSING_POLL_MS = 1500;
const COVER_PIXELS = 1000;
const FORM_ID = 'upload-track';
const EMPTY = { title: '', genre: '', label: 'Unsigned' };

const GENRE_OPTIONS = GENRES.map((g) => ({
  value: g.name,
  label: g.name,
  disabled: g.upload !== 'selectable',
  ...(g.upload === 'coming-soon' && { note: 'Coming soon' }),
}));

type UploadTrackDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUploaded: (track: ArtistTrack) => void;
  onRefusal: (error: unknown) => boolean;
};

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Spec 001 §5 Upload track: title, genre, label (Unsigned), audio and cover art, with the real
 * progress of each stage. The audio streams to the server; the modal then waits while the
 * server decodes and transcodes it, so 'success' means the track is ready to feature.
 */
export function UploadTrackDialog({ open, onOpenChange, onUploaded, onRefusal }: UploadTrackDialogProps) {
  const queryClient = useQueryClient();
  const form = useZodForm(uploadTrackQuerySchema, { defaultValues: EMPTY, check: 'touched' });
  const [title, genre] = form.watch(['title', 'genre']);
  const send = useMutation({
    mutationFn: ({ fields, file }: { fields: Parameters<typeof tracksApi.upload>[0]; file: File }) =>
      tracksApi.upload(fields, file, (fraction) => {
        setPercent(uploadingPercent(fraction));
      }),
  });
  const [audio, setAudio] = useState<File | null>(null);
  const [audioError, setAudioError] = useState<string | null>(null);
  const [cover, setCover] = useState<CoverChoice>({ kind: 'none' });
  const [stage, setStage] = useState<UploadStage>('idle');
  const [percent, setPercent] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  /** The measured tempo and key of the track just processed, shown as the upload succeeds. */
  const [measured, setMeasured] = useState<TrackSound | null>(null);
  const isMounted = useRef(true);
  useEffect(
    () => () => {
      isMounted.current = false;
    },
    [],
  );

  const isBusy = stage !== 'idle';
  const canUpload = title.trim() !== '' && genre !== '' && audio !== null && !audioError && !isBusy;

  function reset() {
    form.reset(EMPTY);
    setAudio(null);
    setAudioError(null);
    setCover({ kind: 'none' });
    setStage('idle');
    setPercent(0);
    setFailure(null);
    setMeasured(null);
  }

  function enter(next: UploadStage) {
    setStage(next);
    setPercent(UPLOAD_STAGES[next].percent);
  }

  async function waitUntilProcessed(trackId: string): Promise<ArtistTrack | undefined> {
    while (isMounted.current) {
      const list = await tracksApi.tracks();
      const track = list.tracks.find((t) => t.id === trackId);
      if (track?.status !== 'processing') return track;
      await sleep(PROCESSING_POLL_MS);
    }
    return undefined;
  }

  async function upload({ title: typed, genre: chosen, label }: typeof EMPTY) {
    if (!audio || !canUpload) return;
    setFailure(null);
    enter('uploading');
    try {
      let coverId: string | undefined;
      if (cover.kind === 'crop' && cover.area !== null) {
        try {
          coverId = (await tracksApi.uploadCover(await cropToJpeg(cover.source, cover.area, COVER_PIXELS)))
            .coverId;
        } catch (error) {
          if (onRefusal(error)) {
            enter('idle');
            return;
          }
          throw new Error(isApiError(error) ? error.message : M.coverUploadFailed, { cause: error });
        }
      } else if (cover.kind === 'stored') {
        coverId = cover.cover.coverId;
      }
      const { track } = await send.mutateAsync({
        fields: {
          title: typed.trim(),
          genre: chosen,
          label: label.trim() || 'Unsigned',
          ...(coverId && { coverId }),
        },
        file: audio,
      });
      if (coverId) enter('coverStored');
      enter('processing');
      const processed = await waitUntilProcessed(track.id);
      enter('saving');
      await queryClient.invalidateQueries({ queryKey: tracksKeys.all });
      if (processed?.status === 'failed') throw new Error(processed.failureReason ?? M.uploadFailed);
      setMeasured(processed?.sound ?? null);
      enter('success');
      toast.success(M.uploaded);
      onUploaded(processed ?? track);
      setTimeout(
        () => {
          onOpenChange(false);
          setTimeout(reset, RESET_DELAY_MS);
        },
        processed?.sound ? CLOSE_DELAY_MEASURED_MS : CLOSE_DELAY_MS,
      );
    } catch (error) {
      if (onRefusal(error)) {
        enter('idle');
        return;
      }
      setFailure(error instanceof Error && error.message ? error.message : M.uploadFailed);
      enter('idle');
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isBusy && stage !== 'success') return;
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Upload Track"
        description="MP3, WAV, M4A or MP4, up to 75MB. Listeners hear it before they see your name."
        footer={
          <>
            <Button
              variant="secondary"
              disabled={isBusy}
              onClick={() => {
                onOpenChange(false);
              }}
            >
              Cancel
            </Button>
            <Button
              type="submit"
              form={FORM_ID}
              disabled={!canUpload}
              isLoading={isBusy && stage !== 'success'}
            >
              Upload
            </Button>
            {/* In the footer, which never scrolls: the progress stays in sight on any screen. */}
            {isBusy && (
              <div className="flex w-full flex-col gap-1.5 sm:order-first sm:basis-full" aria-live="polite">
                <div
                  role="progressbar"
                  aria-label="Upload progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="h-2 overflow-hidden rounded-full bg-field"
                >
                  <div
                    className="h-full bg-primary transition-[width]"
                    style={{ width: `${String(percent)}%` }}
                  />
                </div>
                <p className="text-sm text-muted">
                  {UPLOAD_STAGES[stage].label} {percent}%
                </p>
                {stage === 'success' && measured && <MeasuredSound sound={measured} />}
              </div>
            )}
          </>
        }
      >
        <form
          id={FORM_ID}
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            form.onSubmit(upload)(event);
          }}
        >
          {failure && <Banner tone="error">{failure}</Banner>}
          <Input label="Title" maxLength={200} disabled={isBusy} {...form.field('title')} />
          <Select
            label="Genre"
            options={GENRE_OPTIONS}
            value={genre || undefined}
            onValueChange={(next) => {
              form.setValue('genre', next);
            }}
            placeholder="Select a genre"
            disabled={isBusy}
          />
          <Input label="Label" maxLength={120} disabled={isBusy} {...form.register('label')} />
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-fg" id="audio-file-label">
              Audio file
            </span>
            <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-dashed border-line px-4 py-3 text-sm text-muted hover:border-fg/40">
              <Music aria-hidden="true" className="size-5 shrink-0" />
              <span className="min-w-0 truncate">
                {audio ? audio.name : 'Choose an MP3, WAV, M4A or MP4 (max 75MB)'}
              </span>
              <input
                type="file"
                accept=".mp3,.wav,.m4a,.mp4,audio/mpeg,audio/wav,audio/x-wav,audio/x-m4a,audio/mp4"
                className="sr-only"
                aria-labelledby="audio-file-label"
                disabled={isBusy}
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  setAudio(file);
                  setAudioError(file ? checkAudioFile(file) : M.audioRequired);
                  event.target.value = '';
                }}
              />
            </label>
            {audioError && (
              <p role="alert" className="text-[0.8125rem] font-medium text-accent">
                {audioError}
              </p>
            )}
            {audio && !audioError && <AudioFilePreview file={audio} />}
          </div>
          <CoverArtPicker value={cover} onChange={setCover} onRefusal={onRefusal} disabled={isBusy} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What ingest measured, in the track list's words; corrections are made there (Edit). */
function MeasuredSound({ sound }: { sound: TrackSound }) {
  const { tempo, key } = soundSummary(sound);
  return (
    <p className="text-sm text-fg tabular-nums">
      Measured: {tempo} · {key}
      {sound.energy && ` · ${sound.energy} energy`}. If it is off, correct it with Edit in your track list.
    </p>
  );
}
