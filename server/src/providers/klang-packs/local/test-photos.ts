/**
 * Photos for tests: a person-like figure (a skin-toned head with eyes and hair, shoulders in a
 * shirt) against a textured wall, placed where the test says, so the analysis can be checked
 * against where the face really is.
 */
import sharp from 'sharp';

export interface FigureOptions {
  width?: number;
  height?: number;
  /** Centre of the face, in fractions of the photo. */
  faceX?: number;
  faceY?: number;
  /** Face height as a fraction of the photo's height. */
  faceSize?: number;
  wall?: string;
  shirt?: string;
  /** Gaussian blur sigma applied to the whole photo (0: sharp). */
  blur?: number;
  format?: 'jpeg' | 'png';
}

export async function figurePhoto(options: FigureOptions = {}): Promise<Buffer> {
  const width = options.width ?? 600;
  const height = options.height ?? 800;
  const faceH = (options.faceSize ?? 0.22) * height;
  const faceW = faceH * 0.75;
  const cx = (options.faceX ?? 0.5) * width;
  const cy = (options.faceY ?? 0.35) * height;
  const wall = options.wall ?? '#4a6078';
  const shirt = options.shirt ?? '#1d1d22';
  const bricks = Array.from(
    { length: 12 },
    (_, i) => `<rect x="0" y="${i * (height / 12)}" width="${width}" height="2" fill="#000" opacity="0.25"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${wall}"/>${bricks}
    <ellipse cx="${cx}" cy="${cy + faceH * 1.9}" rx="${faceW * 1.7}" ry="${faceH * 1.3}" fill="${shirt}"/>
    <rect x="${cx - faceW * 0.18}" y="${cy + faceH * 0.4}" width="${faceW * 0.36}" height="${faceH * 0.4}" fill="#d9a27e"/>
    <ellipse cx="${cx}" cy="${cy}" rx="${faceW / 2}" ry="${faceH / 2}" fill="#e0ac86"/>
    <ellipse cx="${cx}" cy="${cy - faceH * 0.42}" rx="${faceW * 0.52}" ry="${faceH * 0.2}" fill="#2b1a10"/>
    <circle cx="${cx - faceW * 0.18}" cy="${cy - faceH * 0.05}" r="${faceW * 0.06}" fill="#222"/>
    <circle cx="${cx + faceW * 0.18}" cy="${cy - faceH * 0.05}" r="${faceW * 0.06}" fill="#222"/>
    <rect x="${cx - faceW * 0.15}" y="${cy + faceH * 0.22}" width="${faceW * 0.3}" height="${faceH * 0.04}" fill="#8a3b32"/>
  </svg>`;
  let image = sharp(Buffer.from(svg));
  if (options.blur) image = image.blur(options.blur);
  return options.format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}
