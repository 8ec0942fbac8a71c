import type { Area } from 'react-easy-crop';

/** Spec 001 §9: crops are saved as JPEG at 0.95 quality (profile photos and cover art). */
export const CROP_JPEG_QUALITY = 0.95;

/** Draws the chosen square of the image onto a canvas and encodes it as JPEG, at most `maxPixels` wide. */
export async function cropToJpeg(source: string, area: Area, maxPixels = 512): Promise<Blob> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const canvas = document.createElement('canvas');
  const size = Math.min(maxPixels, Math.round(area.width));
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (blob) resolve(blob);
        else reject(new Error('The image could not be encoded'));
      },
      'image/jpeg',
      CROP_JPEG_QUALITY,
    );
  });
}
