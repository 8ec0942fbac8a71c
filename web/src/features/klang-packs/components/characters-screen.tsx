import { PACK_MESSAGES, PACKS, type Pack } from '@klang/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-error';
import { deletePack, fetchPacks, packKeys, trainPack, uploadPhoto } from '../api/klang-packs-api';
import { useTimedMessage } from '../hooks/use-timed-message';
import { useTrainingPoll } from '../hooks/use-training-poll';
import { addImages, trainingProblem, type SelectedImage } from '../pack-selection';
import { PackGrid } from './pack-grid';
import { PressShotScreen } from './press-shot-screen';
import { ProgressOverlay } from './progress-overlay';
import { SelectedImagesDialog } from './selected-images-dialog';
import { UploadGuideDialog } from './upload-guide-dialog';

/** Photos go up a few at a time: quicker than one by one, gentler than 70 at once. */
const PARALLEL_UPLOADS = 3;

type CharactersScreenProps = {
  header: ReactNode;
  userId: string;
  /** Spec 002 §5: the restricted-action gate; its message when the action is not allowed. */
  restrictionFor: (action: 'upload') => string | null;
  /** Shows the gate's modal for a message (the app's demo restriction dialog). */
  renderRestriction: (message: string | null, close: () => void) => ReactNode;
};

type Phase = { kind: 'uploading'; done: number; total: number } | { kind: 'creating' } | null;

/** Spec 002 §2.6 'Your Characters', the training flow, and the generation screen of a ready pack. */
export function CharactersScreen({
  header,
  userId,
  restrictionFor,
  renderRestriction,
}: CharactersScreenProps) {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const packs = useQuery({ queryKey: packKeys.list(), queryFn: fetchPacks });
  useTrainingPoll(packs.data);

  const [restriction, setRestriction] = useState<string | null>(null);
  const [isGuideOpen, setGuideOpen] = useState(false);
  const [isSelectionOpen, setSelectionOpen] = useState(false);
  const [consent, setConsent] = useState(false);
  const [images, setImages] = useState<SelectedImage[]>([]);
  const [name, setName] = useState('');
  const [phase, setPhase] = useState<Phase>(null);
  const [packToDelete, setPackToDelete] = useState<Pack | null>(null);
  const error = useTimedMessage(PACKS.toastLongMs);

  const removePack = useMutation({
    mutationFn: (pack: Pack) => deletePack(pack.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packKeys.list() }),
  });

  const openPackId = searchParams.get('pack');
  const openPack = packs.data?.find((pack) => pack.id === openPackId && pack.status === 'ready');

  function startCreate() {
    const message = restrictionFor('upload');
    if (message) setRestriction(message);
    else setGuideOpen(true);
  }

  function add(files: File[]) {
    const next = addImages(images, files, () => crypto.randomUUID());
    setImages(next.images);
    if (next.error) error.show(next.error);
  }

  function pickFromGuide(files: File[]) {
    add(files);
    // Spec 002 §4: a second after picking, the guide gives way to the selection.
    window.setTimeout(() => {
      setGuideOpen(false);
      setSelectionOpen(true);
    }, PACKS.guideCloseDelayMs);
  }

  /** The refusal of a restricted action shows the gate's modal rather than a generic error. */
  function isRefusal(cause: unknown): boolean {
    if (!isApiError(cause) || cause.status !== 403) return false;
    setRestriction(cause.message);
    return true;
  }

  async function uploadAll(): Promise<string[] | null> {
    const urls = new Array<string>(images.length);
    let next = 0;
    let done = 0;
    setPhase({ kind: 'uploading', done, total: images.length });
    const worker = async () => {
      while (next < images.length) {
        const index = next++;
        const image = images[index];
        if (!image) continue;
        urls[index] = (await uploadPhoto(image.file)).url;
        done += 1;
        setPhase({ kind: 'uploading', done, total: images.length });
      }
    };
    try {
      await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));
      return urls;
    } catch (cause) {
      if (!isRefusal(cause)) error.show(PACK_MESSAGES.uploadAndTrainFailed);
      return null;
    }
  }

  async function train() {
    const problem = trainingProblem(images.length, name);
    if (problem) {
      error.show(problem);
      return;
    }
    const urls = await uploadAll();
    if (!urls) {
      setPhase(null);
      return;
    }
    setPhase({ kind: 'creating' });
    try {
      await trainPack({
        user_id: userId,
        image_urls: urls,
        pack_name: name.trim(),
        preview_image_url: urls[0] ?? '',
        consent: true,
      });
    } catch (cause) {
      if (!isRefusal(cause)) error.show(PACK_MESSAGES.startTrainingFailed);
      setPhase(null);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: packKeys.list() });
    setImages([]);
    setName('');
    setConsent(false);
    setSelectionOpen(false);
    setPhase(null);
    toast.success(PACK_MESSAGES.trainingStarted);
  }

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:py-10">
      {header}
      {openPack ? (
        <PressShotScreen
          pack={openPack}
          userId={userId}
          onBack={() => {
            setSearchParams({});
          }}
        />
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <h2 className="text-2xl font-bold tracking-tight text-fg">Your Characters</h2>
            <p className="text-muted">
              Train a character on {PACKS.imagesMin} to {PACKS.imagesMax} photos of yourself, then generate
              press shots from a description.
            </p>
          </div>
          {error.message && !isSelectionOpen && <Banner tone="error">{error.message}</Banner>}
          {packs.isPending ? (
            <Spinner label="Loading your characters" />
          ) : packs.isError ? (
            <Banner tone="error">{packs.error.message}</Banner>
          ) : (
            <>
              <PackGrid
                packs={packs.data}
                onCreate={startCreate}
                onOpen={(pack) => {
                  setSearchParams({ pack: pack.id });
                }}
                onDelete={setPackToDelete}
              />
              {packs.data.length === 0 && <PackExamples />}
            </>
          )}
        </>
      )}

      <UploadGuideDialog
        open={isGuideOpen}
        onOpenChange={setGuideOpen}
        consent={consent}
        onConsentChange={setConsent}
        onPick={pickFromGuide}
      />
      <SelectedImagesDialog
        open={isSelectionOpen}
        onOpenChange={setSelectionOpen}
        images={images}
        onRemove={(id) => {
          setImages((current) => current.filter((image) => image.id !== id));
        }}
        onAddFiles={add}
        name={name}
        onNameChange={setName}
        error={error.message}
        onGenerate={() => void train()}
      />
      {phase?.kind === 'uploading' && (
        <ProgressOverlay title="Uploading Images" detail={`${phase.done} of ${phase.total}`} />
      )}
      {phase?.kind === 'creating' && (
        <ProgressOverlay title="Creating Your Character" detail="This takes a moment." />
      )}
      <ConfirmDialog
        isOpen={packToDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPackToDelete(null);
        }}
        title="Delete character"
        question="Its photos and every press shot made with it are deleted for good."
        confirmLabel="Delete"
        onConfirm={() => {
          if (packToDelete) removePack.mutate(packToDelete);
          setPackToDelete(null);
        }}
      />
      {renderRestriction(restriction, () => {
        setRestriction(null);
      })}
    </section>
  );
}

/**
 * Before the first pack: press shots the local engine really made (rendered by
 * server/src/scripts/render-kit-examples.ts from the seeded artists' pictures), so an artist sees
 * what a pack produces before uploading twenty photos of themself.
 */
const EXAMPLE_SHOTS = [
  { src: '/kit-examples/pack-shot-1.jpg', prompt: 'moody neon portrait' },
  { src: '/kit-examples/pack-shot-2.jpg', prompt: 'warm sunset close-up' },
  { src: '/kit-examples/pack-shot-3.jpg', prompt: 'black and white studio shot' },
];

function PackExamples() {
  return (
    <section aria-labelledby="pack-examples-heading" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 id="pack-examples-heading" className="text-lg font-semibold text-fg">
          What a pack makes
        </h3>
        <p className="text-sm text-muted">
          Press shots made from Klang’s demo artists’ pictures, one description each. Yours are made from your
          photos.
        </p>
      </div>
      <ul className="grid grid-cols-3 gap-3">
        {EXAMPLE_SHOTS.map((shot) => (
          <li key={shot.src} className="flex flex-col gap-1.5">
            <img
              src={shot.src}
              alt={`Example press shot: ${shot.prompt}`}
              width={768}
              height={960}
              loading="lazy"
              className="aspect-[4/5] w-full rounded-xl border border-line object-cover"
            />
            <span className="text-xs text-muted sm:text-sm">“{shot.prompt}”</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
