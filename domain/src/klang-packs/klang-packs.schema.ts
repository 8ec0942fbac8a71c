import { z } from 'zod';
import { LIMITS } from '../limits';

/** Character pack constants (spec 002 §5, §9). */
export const PACKS = {
  imageMimeTypes: ['image/jpeg', 'image/png'],
  imageMaxBytes: LIMITS.imageMaxBytes,
  imagesMin: LIMITS.packImagesMin,
  imagesMax: LIMITS.packImagesMax,
  /** Quality rating thresholds by image count: 40+ EXCELLENT, 20-39 GOOD, fewer BAD. */
  excellentFrom: 40,
  goodFrom: 20,
  costCredits: 30,
  nameMax: 100,
  promptMax: 2000,
  pollIntervalMs: 10_000,
  pollForMs: 10 * 60_000,
  /** The upload guide closes and the selection opens this long after picking files (spec 002 §4). */
  guideCloseDelayMs: 1000,
  toastShortMs: 3000,
  toastLongMs: 5000,
  /** `klang-pack-` plus this many characters of the prompt names a downloaded shot. */
  downloadPromptChars: 20,
} as const;

/** The spec's texts for character packs (spec 002 §4, §5, §8), word for word, and our own few. */
export const PACK_MESSAGES = {
  maxImages: 'Maximum 70 images allowed',
  minImages: 'Please upload at least 20 images',
  nameRequired: 'Please enter a name for your character pack',
  uploadAndTrainFailed: 'Failed to upload and train',
  startTrainingFailed: 'Failed to start training',
  trainingFailed: 'Training failed. Please try again.',
  generateFailed: 'Failed to generate image',
  deleteFailed: 'Failed to delete image',
  downloadFailed: 'Failed to download image',
  ready: 'Your character pack is ready!',
  trainingStarted: 'Training started! This will take 2-5 minutes.',
  generated: 'Image generated successfully!',
  deleted: 'Image deleted successfully!',
  deleteConfirm: 'Are you sure you want to delete this generated image? This action cannot be undone.',
  enterPrompt: 'Please enter a prompt',
  // Ours: the spec states neither of these, the issue asks for both (consent, a ready pack).
  consentRequired: 'Please confirm that these photos are of you',
  notReady: 'This character pack is still training',
  photoInvalid: 'Please select a valid image file',
  photoTooLarge: 'Image size must be less than 5MB',
  photosNotFound: 'Some of these photos could not be found. Please upload them again.',
  // The spec's demo gate names tracks (§5 'upload'); a pack's upload is of photos (issue 20).
  demoPhotos: 'Uploading photos is disabled in demo mode. Create your own account to upload photos.',
} as const;

/** Spec 002 §4: the quality rating of a selection by its image count. */
export type PackQuality = 'EXCELLENT' | 'GOOD' | 'BAD';
export function packQuality(count: number): PackQuality {
  if (count >= PACKS.excellentFrom) return 'EXCELLENT';
  if (count >= PACKS.goodFrom) return 'GOOD';
  return 'BAD';
}

/** `klang-pack-` plus the first 20 characters of the prompt, `.jpg` (spec 002 §7 client-only). */
export function packDownloadName(prompt: string): string {
  return `klang-pack-${prompt.slice(0, PACKS.downloadPromptChars)}.jpg`;
}

export const PACK_STATUSES = ['training', 'ready', 'error'] as const;
export type PackStatus = (typeof PACK_STATUSES)[number];

/** A pack as the owner sees it (spec 002 §3 klang_packs). */
export const packSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  name: z.string().nullable(),
  status: z.enum(PACK_STATUSES),
  preview_image_url: z.string().nullable(),
  created_at: z.string(),
});
export type Pack = z.infer<typeof packSchema>;
export const packsResponseSchema = z.object({ packs: z.array(packSchema) });
export const packResponseSchema = z.object({ pack: packSchema });

/** A generated press shot (spec 002 §3 klang_pack_results). */
export const packResultSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  pack_id: z.uuid(),
  prompt: z.string(),
  image_url: z.string(),
  created_at: z.string(),
});
export type PackResult = z.infer<typeof packResultSchema>;
export const packResultsResponseSchema = z.object({ results: z.array(packResultSchema) });

/** A stored training photo: `url` is what train-klang-pack's image_urls carry. */
export const packPhotoSchema = z.object({ photo_id: z.uuid(), url: z.string() });
export type PackPhoto = z.infer<typeof packPhotoSchema>;

/**
 * Spec 002 §7 train-klang-pack, plus `consent`: the artist confirmed the photos are of them
 * (issue 11), which the server records with the pack.
 */
export const trainPackRequestSchema = z.object({
  user_id: z.uuid(),
  image_urls: z
    .array(z.string().min(1).max(500))
    .min(LIMITS.packImagesMin, PACK_MESSAGES.minImages)
    .max(LIMITS.packImagesMax, PACK_MESSAGES.maxImages),
  pack_name: z.string().trim().min(1, PACK_MESSAGES.nameRequired).max(PACKS.nameMax),
  preview_image_url: z.string().min(1).max(500),
  consent: z.literal(true, PACK_MESSAGES.consentRequired),
});
export type TrainPackRequest = z.infer<typeof trainPackRequestSchema>;
export const trainPackResponseSchema = z.object({ pack_id: z.uuid() });

/** Spec 002 §7 generate-klang-image: answered with the list of new result records. */
export const generatePackImageRequestSchema = z.object({
  user_id: z.uuid(),
  pack_id: z.uuid(),
  prompt: z.string().trim().min(1, PACK_MESSAGES.enterPrompt).max(PACKS.promptMax),
});
export type GeneratePackImageRequest = z.infer<typeof generatePackImageRequestSchema>;
export const generatePackImageResponseSchema = z.array(packResultSchema);

export const packParamsSchema = z.object({ packId: z.uuid() });
export const packResultParamsSchema = z.object({ packId: z.uuid(), resultId: z.uuid() });
export const packPhotoParamsSchema = z.object({ photoId: z.uuid() });
