import { ACCOUNT_MESSAGES, LIMITS } from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { ImagePlus } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ImageCropper } from '../../../components/ui/image-cropper';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-error';
import { accountsApi } from '../api/accounts-api';
import { useAuthStore } from '../auth-store';
import { cropToJpeg } from '../../../lib/crop-image';
import { usePickedImage } from '../../../lib/use-picked-image';

/** Spec 001 §5 Profile photo: an image up to 5 MB, square crop, zoom 1 to 3 in 0.1 steps. */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return ACCOUNT_MESSAGES.imageInvalid;
  if (file.size > LIMITS.imageMaxBytes) return ACCOUNT_MESSAGES.imageTooLarge;
  return null;
}

export function PhotoUpload({ onDemoRefusal }: { onDemoRefusal: (error: unknown) => boolean }) {
  const profile = useAuthStore((state) => state.profile);
  const setProfile = useAuthStore((state) => state.setProfile);
  const input = useRef<HTMLInputElement>(null);
  const picked = usePickedImage(checkImageFile);
  const { source, error, setError, choose } = picked;
  const [area, setArea] = useState<Area | null>(null);
  // The photo's URL is part of the session's profile, which the auth store holds for the app.
  const upload = useMutation({
    mutationFn: async (crop: { source: string; area: Area }) =>
      accountsApi.uploadPhoto(await cropToJpeg(crop.source, crop.area)),
    onMutate: () => {
      setError(null);
    },
    onSuccess: ({ profileImageUrl }) => {
      const current = useAuthStore.getState().profile;
      if (current) setProfile({ ...current, profileImageUrl });
      picked.clear();
      toast.success(ACCOUNT_MESSAGES.profileImageUpdated);
    },
    onError: (failure) => {
      if (onDemoRefusal(failure)) return;
      setError(isApiError(failure) ? failure.message : ACCOUNT_MESSAGES.imageInvalid);
    },
  });

  function save() {
    if (source && area) upload.mutate({ source, area });
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="photo-heading">
      <h3 id="photo-heading" className="text-base font-semibold text-fg">
        Profile image
      </h3>
      {error && <Banner tone="error">{error}</Banner>}
      {source ? (
        <>
          <ImageCropper
            key={source}
            image={source}
            cropShape="round"
            onAreaChange={setArea}
            className="sm:h-72"
          />
          <div className="flex flex-wrap gap-3">
            <Button onClick={save} isLoading={upload.isPending}>
              Save Photo
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                picked.clear();
              }}
            >
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <div className="flex items-center gap-4">
          {profile?.profileImageUrl ? (
            <img
              src={profile.profileImageUrl}
              alt="Your profile"
              className="size-16 rounded-full object-cover"
            />
          ) : (
            <div
              aria-hidden="true"
              className="flex size-16 items-center justify-center rounded-full bg-field text-muted"
            >
              <ImagePlus className="size-6" />
            </div>
          )}
          <Button variant="secondary" onClick={() => input.current?.click()}>
            Change Profile Image
          </Button>
          <input
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label="Choose a profile image"
            tabIndex={-1}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
      )}
    </section>
  );
}
