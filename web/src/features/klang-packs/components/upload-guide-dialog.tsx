import { PACKS } from '@klang/domain';
import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ExamplePhotos } from './example-photos';

type UploadGuideDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  consent: boolean;
  onConsentChange: (consent: boolean) => void;
  onPick: (files: File[]) => void;
};

/** Spec 002 §2.6 upload guide: good and bad examples, the consent, and Upload images. */
export function UploadGuideDialog({
  open,
  onOpenChange,
  consent,
  onConsentChange,
  onPick,
}: UploadGuideDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Upload photos of yourself"
        description={`Choose ${PACKS.imagesMin} to ${PACKS.imagesMax} JPEG or PNG photos of you, up to 5 MB each. The more variety in place, light and expression, the better your character.`}
        size="lg"
        footer={
          <Button
            onClick={() => input.current?.click()}
            disabled={!consent}
            title={consent ? undefined : 'Confirm that the photos are of you first'}
          >
            <Upload className="size-4" aria-hidden="true" /> Upload images
          </Button>
        }
      >
        <div className="flex flex-col gap-5">
          <ExamplePhotos />
          <p className="text-sm text-muted">
            Every photo must show you, and only you. Klang trains your character on these photos alone; they
            are visible to you only, and deleting the character deletes them.
          </p>
          <Checkbox
            label="These photos are of me, and I agree to a character being trained on them."
            checked={consent}
            onCheckedChange={onConsentChange}
          />
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose photos"
            data-testid="pack-photo-input"
            onChange={(event) => {
              onPick(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
