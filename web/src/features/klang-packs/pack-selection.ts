import { PACK_MESSAGES, PACKS } from '@klang/domain';

export interface SelectedImage {
  id: string;
  file: File;
}

/**
 * Adds picked files to a selection (spec 002 §5): anything but a JPEG or PNG up to 5 MB is
 * silently dropped; if the rest would take the selection past 70, none of them is added and the
 * answer carries the spec's message.
 */
export function addImages(
  current: readonly SelectedImage[],
  picked: readonly File[],
  newId: () => string,
): { images: SelectedImage[]; error: string | null } {
  const accepted = picked.filter(
    (file) =>
      (PACKS.imageMimeTypes as readonly string[]).includes(file.type) && file.size <= PACKS.imageMaxBytes,
  );
  if (current.length + accepted.length > PACKS.imagesMax) {
    return { images: [...current], error: PACK_MESSAGES.maxImages };
  }
  return { images: [...current, ...accepted.map((file) => ({ id: newId(), file }))], error: null };
}

/** Why training cannot start yet, or null when it can (spec 002 §5). */
export function trainingProblem(count: number, name: string): string | null {
  if (count < PACKS.imagesMin) return PACK_MESSAGES.minImages;
  if (name.trim() === '') return PACK_MESSAGES.nameRequired;
  return null;
}
