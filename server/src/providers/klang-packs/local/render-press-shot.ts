/**
 * Renders a press shot from one of the artist's own photos: frames it around the subject the
 * analysis found, separates subject from background with a soft mask shaped like head and
 * shoulders, treats the background (blur, studio backdrop, neon wash, sunset sky, grunge
 * texture), lights and grades the whole, and adds grain. Every choice comes from the style and a
 * seeded generator, so one prompt and seed always give the same image.
 */
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import type { Rng } from '../../../lib/random';
import type { Region, Rgb } from './analyse-photo';
import type { PressShotStyle } from './prompt-style';

export const SHOT_WIDTH = 768;
export const SHOT_HEIGHT = 960;

export interface RenderInput {
  photo: Buffer;
  /** The subject region of that photo, in fractions. */
  subject: Region;
  style: PressShotStyle;
  /** The pack's colours, for a backdrop the prompt does not name. */
  palette: Rgb[];
  /** The artist's skin tone across the pack: the backdrop is chosen to stand apart from it. */
  skinTone: Rgb;
  rng: Rng;
}

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** At most this share of the widest crop is a close-up, and a medium shot. */
const CLOSE_UP_SHARE = 0.7;
const MEDIUM_SHARE = 0.85;

/**
 * The 4:5 crop for a framing, in source pixels. The subject region is a face (or the salient
 * part): a close-up keeps it large, a medium shot adds the shoulders, a full shot the whole frame.
 */
export function cropFor(
  width: number,
  height: number,
  subject: Region,
  framing: PressShotStyle['framing'],
): Rect {
  const aspect = SHOT_WIDTH / SHOT_HEIGHT;
  const faceHeight = subject.h * height;
  const centreX = (subject.x + subject.w / 2) * width;
  const faceTop = subject.y * height;
  const widest = Math.min(height, width / aspect);
  // Each framing stays tighter than the next wider one, even when the face already fills the
  // photo (a tight headshot, a seeded emblem): else 'close-up' and 'medium' gave the same shot.
  const wanted =
    framing === 'close-up'
      ? Math.min(faceHeight * 1.9, widest * CLOSE_UP_SHARE)
      : framing === 'medium'
        ? Math.min(faceHeight * 3.6, widest * MEDIUM_SHARE)
        : Infinity;
  let cropHeight = Math.min(widest, Math.max(wanted, 64));
  let cropWidth = cropHeight * aspect;
  if (cropWidth > width) {
    cropWidth = width;
    cropHeight = width / aspect;
  }
  // The face sits in the upper part of the frame: a little headroom in a close-up, more wider out.
  const headroom = framing === 'close-up' ? 0.22 : framing === 'medium' ? 0.14 : 0.08;
  const left = clamp(centreX - cropWidth / 2, 0, width - cropWidth);
  const top = clamp(faceTop - cropHeight * headroom, 0, height - cropHeight);
  return {
    left: Math.round(left),
    top: Math.round(top),
    width: Math.max(1, Math.min(width - Math.round(left), Math.round(cropWidth))),
    height: Math.max(1, Math.min(height - Math.round(top), Math.round(cropHeight))),
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

const hex = ([r, g, b]: Rgb) =>
  `#${[r, g, b]
    .map((c) =>
      Math.round(clamp(c, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const svg = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHOT_WIDTH}" height="${SHOT_HEIGHT}">${body}</svg>`,
  );

/** A soft head-and-shoulders mask around the subject, in output coordinates. */
function subjectMask(face: Rect): Buffer {
  const cx = face.left + face.width / 2;
  const cy = face.top + face.height / 2;
  const rx = face.width * 0.75;
  const ry = face.height * 0.85;
  const shoulders = `<ellipse cx="${cx}" cy="${cy + face.height * 2.1}" rx="${face.width * 1.9}" ry="${face.height * 1.8}" fill="#fff"/>`;
  return svg(
    `<defs><filter id="f" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${Math.max(6, face.width * 0.18)}"/></filter></defs>` +
      `<rect width="100%" height="100%" fill="#000"/><g filter="url(#f)"><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#fff"/>${shoulders}</g>`,
  );
}

/**
 * Of the pack's own colours, one of the two farthest from the skin tone: a photographer picks a
 * backdrop the face stands out from, and a pack's colours keep its shots looking like one set.
 */
function contrastingBackdrop(palette: Rgb[], skin: Rgb, rng: Rng): Rgb {
  const distance = (c: Rgb) => (c[0] - skin[0]) ** 2 + (c[1] - skin[1]) ** 2 + (c[2] - skin[2]) ** 2;
  const ranked = [...palette].sort((a, b) => distance(b) - distance(a));
  return ranked[rng.int(0, Math.min(1, ranked.length - 1))] ?? [90, 90, 96];
}

/** The backdrop the subject is set against. */
async function background(frame: Buffer, input: RenderInput, backdrop: Rgb): Promise<Buffer> {
  const { style, rng } = input;
  const blurred = sharp(frame).blur(style.background === 'blur' ? 6 : 14);
  const overlays: OverlayOptions[] = [];
  switch (style.background) {
    case 'blur':
      break;
    case 'studio': {
      // A seamless paper backdrop: the colour, lit brighter in the middle, over the blurred room.
      const light = backdrop.map((c) => c + (255 - c) * 0.35) as Rgb;
      overlays.push({
        input: svg(
          `<defs><radialGradient id="g" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="${hex(light)}"/><stop offset="1" stop-color="${hex(backdrop.map((c) => c * 0.55) as Rgb)}"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)" opacity="0.92"/>`,
        ),
      });
      break;
    }
    case 'neon': {
      const a = style.accent ?? [255, 40, 200];
      const b: Rgb = [30, 220, 255];
      const angle = rng.int(0, 1) === 0 ? 'x1="0" y1="0" x2="1" y2="1"' : 'x1="1" y1="0" x2="0" y2="1"';
      overlays.push(
        { input: svg(`<rect width="100%" height="100%" fill="#0a0014" opacity="0.7"/>`) },
        {
          input: svg(
            `<defs><linearGradient id="g" ${angle}><stop offset="0" stop-color="${hex(a)}"/><stop offset="1" stop-color="${hex(b)}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`,
          ),
          blend: 'screen',
        },
      );
      break;
    }
    case 'sunset':
      overlays.push({
        input: svg(
          `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b1c5a"/><stop offset="0.45" stop-color="#e8583a"/><stop offset="0.8" stop-color="#ffb347"/><stop offset="1" stop-color="#ffd98a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`,
        ),
        blend: 'overlay',
      });
      break;
    case 'grunge': {
      // A concrete wall: turbulence noise, then scratches, both seeded.
      const seed = rng.int(1, 9999);
      const scratches = Array.from({ length: 28 }, () => {
        const x = rng.range(0, SHOT_WIDTH);
        return `<line x1="${x}" y1="${rng.range(0, SHOT_HEIGHT)}" x2="${x + rng.range(-60, 60)}" y2="${rng.range(0, SHOT_HEIGHT)}" stroke="#fff" stroke-opacity="${rng.range(0.15, 0.5).toFixed(2)}" stroke-width="${rng.range(0.5, 2).toFixed(1)}"/>`;
      }).join('');
      overlays.push(
        {
          input: svg(
            `<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.035" numOctaves="4" seed="${seed}"/><feColorMatrix type="saturate" values="0"/></filter><rect width="100%" height="100%" filter="url(#n)"/>`,
          ),
          blend: 'hard-light',
        },
        { input: svg(scratches), blend: 'screen' },
      );
      break;
    }
    case 'dark':
      overlays.push({ input: svg(`<rect width="100%" height="100%" fill="#000" opacity="0.6"/>`) });
      break;
  }
  return blurred.composite(overlays).png().toBuffer();
}

/** Light over the composed picture. */
function lightingOverlays(input: RenderInput, face: Rect): OverlayOptions[] {
  const { style, rng } = input;
  const cx = ((face.left + face.width / 2) / SHOT_WIDTH).toFixed(3);
  const cy = ((face.top + face.height / 2) / SHOT_HEIGHT).toFixed(3);
  switch (style.lighting) {
    case 'neon': {
      const a = style.accent ?? [255, 40, 200];
      const flip = rng.chance(0.5);
      const left = flip ? [30, 220, 255] : a;
      const right = flip ? a : [30, 220, 255];
      return [
        {
          input: svg(
            `<defs><linearGradient id="l"><stop offset="0" stop-color="${hex(left as Rgb)}" stop-opacity="0.85"/><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="${hex(right as Rgb)}" stop-opacity="0.85"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#l)"/>`,
          ),
          blend: 'screen',
        },
      ];
    }
    case 'studio':
      // A key light high on one side of the face, falling off to a soft shadow side.
      return [
        {
          input: svg(
            `<defs><radialGradient id="k" cx="${(Number(cx) - 0.15).toFixed(3)}" cy="${(Number(cy) - 0.12).toFixed(3)}" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#k)"/>`,
          ),
          blend: 'soft-light',
        },
      ];
    case 'sunset':
      return [
        {
          input: svg(
            `<defs><radialGradient id="s" cx="${rng.range(0.7, 0.95).toFixed(2)}" cy="0.15" r="0.9"><stop offset="0" stop-color="#ffb347" stop-opacity="0.75"/><stop offset="1" stop-color="#c2410c" stop-opacity="0.15"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#s)"/>`,
          ),
          blend: 'soft-light',
        },
      ];
    case 'moody':
      return [
        {
          input: svg(
            `<defs><radialGradient id="m" cx="${cx}" cy="${cy}" r="0.55"><stop offset="0.2" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#m)"/>`,
          ),
        },
      ];
    case 'natural':
      return [];
  }
}

/** A light vignette on every shot, stronger on dark styles. */
function vignette(strength: number): OverlayOptions {
  return {
    input: svg(
      `<defs><radialGradient id="v" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${strength}"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/>`,
    ),
  };
}

/** Film grain: seeded noise, overlaid in grey. */
function grain(rng: Rng, amount: number): OverlayOptions {
  const width = SHOT_WIDTH / 2;
  const height = SHOT_HEIGHT / 2;
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i++)
    noise[i] = clamp(128 + (rng.next() + rng.next() - 1) * amount, 0, 255);
  return { input: noise, raw: { width, height, channels: 1 }, tile: true, blend: 'overlay' };
}

/** The colour grade, applied last to the whole picture. */
function grade(image: Sharp, style: PressShotStyle): Sharp {
  switch (style.grade) {
    case 'mono':
      return image.greyscale().linear(1.25, -28);
    case 'vintage':
      return image
        .recomb([
          [0.5, 0.45, 0.12],
          [0.38, 0.55, 0.1],
          [0.28, 0.4, 0.3],
        ])
        .linear(0.9, 18);
    case 'warm':
      return image.recomb([
        [1.12, 0.05, 0],
        [0, 1.0, 0],
        [0, 0, 0.82],
      ]);
    case 'cool':
      return image.recomb([
        [0.85, 0, 0],
        [0, 1.0, 0.05],
        [0, 0.05, 1.15],
      ]);
    case 'colour':
      return style.lighting === 'neon' ? image.modulate({ saturation: 1.35 }) : image;
  }
}

/** Renders the shot as a JPEG. */
export async function renderPressShot(input: RenderInput): Promise<Buffer> {
  const { photo, subject, style, rng } = input;
  const source = sharp(photo, { limitInputPixels: 40_000_000 }).rotate();
  const meta = await sharp(photo).metadata();
  const width = meta.autoOrient.width;
  const height = meta.autoOrient.height;
  const crop = cropFor(width, height, subject, style.framing);
  const frame = await source
    .extract(crop)
    .resize(SHOT_WIDTH, SHOT_HEIGHT, { fit: 'fill' })
    .removeAlpha()
    .modulate({ brightness: style.lighting === 'moody' ? 0.85 : 1 })
    .png()
    .toBuffer();
  // Where the face landed in the frame.
  const scaleX = SHOT_WIDTH / crop.width;
  const scaleY = SHOT_HEIGHT / crop.height;
  const face: Rect = {
    left: (subject.x * width - crop.left) * scaleX,
    top: (subject.y * height - crop.top) * scaleY,
    width: subject.w * width * scaleX,
    height: subject.h * height * scaleY,
  };
  const backdrop = style.accent ?? contrastingBackdrop(input.palette, input.skinTone, rng);
  const mask = await sharp(subjectMask(face)).extractChannel(0).raw().toBuffer();
  const subjectLayer = await sharp(frame)
    .joinChannel(mask, { raw: { width: SHOT_WIDTH, height: SHOT_HEIGHT, channels: 1 } })
    .png()
    .toBuffer();
  const composed = await sharp(await background(frame, input, backdrop))
    .composite([
      { input: subjectLayer },
      ...lightingOverlays(input, face),
      vignette(style.lighting === 'moody' || style.background === 'dark' ? 0.8 : 0.35),
      ...(style.grain ? [grain(rng, style.background === 'grunge' ? 90 : 45)] : []),
    ])
    .png()
    .toBuffer();
  return grade(sharp(composed), style).jpeg({ quality: 88, mozjpeg: true }).toBuffer();
}
