/**
 * Generative cover art: a seeded composition in the genre's palette with a vignette, built as SVG,
 * rasterized by sharp (librsvg), given film grain and written as a 1000×1000 JPEG.
 */
import sharp from 'sharp';
import { createRng } from '../random';
import { COVER_MOTIFS, drawMotif } from './cover-motifs';
import { getGrainOverlay } from './grain';
import { createPalette, type CoverGenre } from './palette';
import { createElement, wrapSvg } from './svg';

export const COVER_SIZE = 1000;
const JPEG_QUALITY = 86;

/** A vignette that pulls the eye inwards; stronger on dark palettes, where it reads as depth. */
export function createVignette(size: number, isDark: boolean): { defs: string; body: string } {
  const defs = createElement(
    'radialGradient',
    { id: 'vignette', cx: '50%', cy: '50%', r: '72%' },
    createElement('stop', { offset: '60%', 'stop-color': 'black', 'stop-opacity': 0 }) +
      createElement('stop', { offset: '100%', 'stop-color': 'black', 'stop-opacity': isDark ? 0.45 : 0.22 }),
  );
  return { defs, body: createElement('rect', { width: size, height: size, fill: 'url(#vignette)' }) };
}

/** Builds the cover's SVG source (exported for inspection and tests). */
export function buildCoverSvg(track: { key: string; genre: CoverGenre }): string {
  const rng = createRng(`cover:${track.key}`);
  const palette = createPalette(track.genre, rng);
  const motif = rng.pick(COVER_MOTIFS);
  const art = drawMotif(motif, palette, rng);
  const vignette = createVignette(COVER_SIZE, palette.isDark);
  return wrapSvg(COVER_SIZE, art.defs + vignette.defs, art.body + vignette.body);
}

/** Renders a track's cover to a 1000×1000 JPEG. */
export function renderCover(track: { key: string; genre: CoverGenre }): Promise<Buffer> {
  return rasterizeCover(buildCoverSvg(track));
}

/** Rasterizes a cover's SVG to a 1000×1000 JPEG with film grain. */
export function rasterizeCover(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg))
    .resize(COVER_SIZE, COVER_SIZE)
    .composite([getGrainOverlay(COVER_SIZE)])
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}
