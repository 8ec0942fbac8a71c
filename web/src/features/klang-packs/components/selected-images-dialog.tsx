import { packQuality, PACKS, type PackQuality } from '@klang/domain';
import { Coins, ImagePlus, X } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { trainingProblem, type SelectedImage } from '../pack-selection';

const QUALITY_TONE: Record<PackQuality, string> = {
  // Dark text on each colour keeps the rating readable in both themes.
  EXCELLENT: 'bg-success text-ink',
  GOOD: 'bg-amber-400 text-ink',
  BAD: 'bg-primary text-ink',
};

type SelectedImagesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  images: readonly SelectedImage[];
  onRemove: (id: string) => void;
  onAddFiles: (files: File[]) => void;
  name: string;
  onNameChange: (name: string) => void;
  error: string | null;
  onGenerate: () => void;
};

/** Object URLs for the thumbnails, revoked when an image leaves the selection. */
function useThumbnails(images: readonly SelectedImage[]) {
  const urls = useMemo(
    () => new Map(images.map((image) => [image.id, URL.createObjectURL(image.file)])),
    [images],
  );
  useEffect(
    () => () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

/** Spec 002 §2.6 selected-images modal. */
export function SelectedImagesDialog(props: SelectedImagesDialogProps) {
  const { images, name } = props;
  const input = useRef<HTMLInputElement>(null);
  const thumbnails = useThumbnails(images);
  const quality = packQuality(images.length);
  const problem = trainingProblem(images.length, name);
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        title="Your selected images"
        size="lg"
        footer={
          <>
            <Button variant="secondary" onClick={() => input.current?.click()}>
              <ImagePlus className="size-4" aria-hidden="true" /> Upload more images
            </Button>
            <Button onClick={props.onGenerate} disabled={problem !== null} title={problem ?? undefined}>
              Generate
              <span className="inline-flex items-center gap-1 rounded-full border border-current px-2 py-0.5 text-xs">
                <Coins className="size-3.5" aria-hidden="true" /> {PACKS.costCredits} credits
              </span>
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          {props.error && <Banner tone="error">{props.error}</Banner>}
          <p className="text-sm text-muted">
            Training costs {PACKS.costCredits} credits, included in your plan: nothing is charged.
          </p>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" aria-live="polite">
              <span className="font-semibold text-fg">
                {images.length} of {PACKS.imagesMax}
              </span>{' '}
              images
            </p>
            <p className="flex items-center gap-2 text-sm text-muted">
              Quality
              <span
                className={cn(
                  'rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide',
                  QUALITY_TONE[quality],
                )}
                data-testid="pack-quality"
              >
                {quality}
              </span>
            </p>
          </div>
          <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6" aria-label="Selected images">
            {images.map((image, index) => (
              <li key={image.id} className="relative">
                <img
                  src={thumbnails.get(image.id)}
                  alt={`Selected photo ${index + 1}`}
                  className="aspect-square w-full rounded-lg object-cover"
                />
                <button
                  type="button"
                  onClick={() => {
                    props.onRemove(image.id);
                  }}
                  aria-label={`Remove photo ${index + 1}`}
                  className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-black/70 text-white hover:bg-black"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <Input
            label="Character name"
            value={name}
            maxLength={PACKS.nameMax}
            onChange={(event) => {
              props.onNameChange(event.target.value);
            }}
            hint={problem ?? undefined}
          />
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose more photos"
            onChange={(event) => {
              props.onAddFiles(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
