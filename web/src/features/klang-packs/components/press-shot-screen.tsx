import {
  PACK_MESSAGES,
  PACKS,
  generatePackImageRequestSchema,
  type Pack,
  type PackResult,
} from '@klang/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download, ExternalLink, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { deleteResult, fetchResults, generateImage, packKeys } from '../api/klang-packs-api';
import { downloadShot } from '../download-shot';
import { useTimedMessage } from '../hooks/use-timed-message';

/** The request's prompt and its rules; the user and the pack are the screen's, not typed. */
const promptSchema = generatePackImageRequestSchema.pick({ prompt: true });

type PressShotScreenProps = {
  pack: Pack;
  userId: string;
  onBack: () => void;
};

/** Spec 002 §2.6 Generate Press Shot: prompt, generate, the grid, the viewer. */
export function PressShotScreen({ pack, userId, onBack }: PressShotScreenProps) {
  const queryClient = useQueryClient();
  const form = useZodForm(promptSchema, { defaultValues: { prompt: '' } });
  const prompt = form.watch('prompt');
  const [viewing, setViewing] = useState<PackResult | null>(null);
  const [deleting, setDeleting] = useState<PackResult | null>(null);
  const error = useTimedMessage(PACKS.toastLongMs);
  const results = useQuery({ queryKey: packKeys.results(pack.id), queryFn: () => fetchResults(pack.id) });

  const generate = useMutation({
    mutationFn: (typed: string) => generateImage({ user_id: userId, pack_id: pack.id, prompt: typed.trim() }),
    onSuccess: (created) => {
      // Spec 002 §4: new results go to the front of the list.
      queryClient.setQueryData<PackResult[]>(packKeys.results(pack.id), (list) => [
        ...created,
        ...(list ?? []),
      ]);
      toast.success(PACK_MESSAGES.generated);
    },
    onError: () => {
      error.show(PACK_MESSAGES.generateFailed);
    },
  });

  const remove = useMutation({
    mutationFn: (result: PackResult) => deleteResult(pack.id, result.id),
    onSuccess: (_void, result) => {
      queryClient.setQueryData<PackResult[]>(packKeys.results(pack.id), (list) =>
        list?.filter((item) => item.id !== result.id),
      );
      if (viewing?.id === result.id) setViewing(null);
      toast.success(PACK_MESSAGES.deleted);
    },
    onError: () => {
      error.show(PACK_MESSAGES.deleteFailed);
    },
  });

  async function download(result: PackResult) {
    if (!(await downloadShot(result.image_url, result.prompt))) error.show(PACK_MESSAGES.downloadFailed);
  }

  const canGenerate = prompt.trim() !== '' && !generate.isPending;
  const shots = results.data ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Your Characters
        </Button>
      </div>
      <div className="flex items-center gap-4">
        {pack.preview_image_url && (
          <img src={pack.preview_image_url} alt="" className="size-16 rounded-xl object-cover" />
        )}
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-fg">Generate Press Shot</h2>
          <p className="text-muted">{pack.name ?? 'Unnamed Pack'}</p>
        </div>
      </div>
      {error.message && <Banner tone="error">{error.message}</Banner>}
      <form
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5"
        onSubmit={form.onSubmit(({ prompt: typed }) => {
          if (canGenerate) generate.mutate(typed);
        })}
      >
        <Textarea
          label="Describe your press shot"
          placeholder="A moody club DJ shoot"
          rows={3}
          maxLength={PACKS.promptMax}
          {...form.field('prompt')}
          hint="Try lighting, place and framing: neon, studio, sunset, black and white, grunge, close-up, full body."
        />
        <Button type="submit" disabled={!canGenerate} isLoading={generate.isPending} className="self-start">
          <Sparkles className="size-4" aria-hidden="true" />
          {generate.isPending ? 'Generating...' : 'Generate Press Shot'}
        </Button>
      </form>

      {results.isPending ? (
        <Spinner label="Loading press shots" />
      ) : shots.length === 0 ? (
        <p className="text-muted">No press shots yet. Describe one above.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3" aria-label="Press shots">
          {shots.map((shot) => (
            <li key={shot.id} className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-2">
              <button
                type="button"
                onClick={() => {
                  setViewing(shot);
                }}
                className="overflow-hidden rounded-xl"
                aria-label={`Open press shot: ${shot.prompt}`}
              >
                <img
                  src={shot.image_url}
                  alt={shot.prompt}
                  className="aspect-[4/5] w-full object-cover transition-transform hover:scale-[1.02]"
                />
              </button>
              <p className="line-clamp-2 px-1 text-sm text-muted">{shot.prompt}</p>
              <div className="flex flex-wrap gap-2 px-1 pb-1">
                <Button size="sm" variant="secondary" onClick={() => void download(shot)}>
                  <Download className="size-4" aria-hidden="true" /> Download
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => {
                    setDeleting(shot);
                  }}
                >
                  <Trash2 className="size-4" aria-hidden="true" /> Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <ShotViewer
        shot={viewing}
        onClose={() => {
          setViewing(null);
        }}
        onDownload={(shot) => void download(shot)}
      />

      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete press shot"
        question={PACK_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
      />
    </div>
  );
}

type ShotViewerProps = {
  shot: PackResult | null;
  onClose: () => void;
  onDownload: (shot: PackResult) => void;
};

/** Spec 002 §2.6: the full-screen viewer with the prompt, Download and Open in New Tab. */
function ShotViewer({ shot, onClose, onDownload }: ShotViewerProps) {
  return (
    <Dialog
      open={shot !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title="Press shot"
        description={shot?.prompt}
        className="h-[calc(100dvh-2rem)] max-w-[calc(100vw-2rem)] sm:max-w-[calc(100vw-4rem)]"
        footer={
          shot && (
            <>
              <Button variant="secondary" asChild>
                <a href={shot.image_url} target="_blank" rel="noopener noreferrer">
                  <ExternalLink className="size-4" aria-hidden="true" /> Open in New Tab
                </a>
              </Button>
              <Button
                onClick={() => {
                  onDownload(shot);
                }}
              >
                <Download className="size-4" aria-hidden="true" /> Download
              </Button>
            </>
          )
        }
      >
        {shot && (
          <img
            src={shot.image_url}
            alt={shot.prompt}
            className="mx-auto h-full max-h-full w-auto object-contain"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
