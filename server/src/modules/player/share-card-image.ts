import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PALETTES, PRIMARY_COLOR } from '@klang/domain';
import sharp from 'sharp';
import { REPO_DIR } from '../../lib/package-paths';

/** The Open Graph image's size: what the big link previews show. */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;

const dark = PALETTES.dark;

/**
 * The brand's own drawing (mark and wordmark, strokes and shapes, no text), nested in the card as
 * it is: one drawing of the logo in the repository, not a copy here. Its wordmark takes the dark
 * theme's stroke (the card is dark; the file's light-scheme rule does not apply to a render).
 */
const LOGO_FILE = path.join(REPO_DIR, 'web/public/logo.svg');

/** A waveform's bars: the same for every card, from a fixed curve, so no card differs. */
function waveform(x: number, y: number, width: number, height: number): string {
  const bars = 48;
  const step = width / bars;
  return Array.from({ length: bars }, (_, i) => {
    const level = 0.25 + 0.75 * Math.abs(Math.sin(i * 0.55) * Math.cos(i * 0.17));
    const h = Math.max(8, level * height);
    const opacity = (1 - i / (bars * 1.4)).toFixed(2);
    return `<rect x="${(x + i * step).toFixed(1)}" y="${(y + (height - h) / 2).toFixed(1)}" width="${(step * 0.55).toFixed(1)}" height="${h.toFixed(1)}" rx="${(step * 0.27).toFixed(1)}" fill="${PRIMARY_COLOR}" fill-opacity="${opacity}"/>`;
  }).join('');
}

/**
 * The one picture every share link shows wherever it is posted (decision 0308, and the owners'
 * rule that a share's preview image names neither track nor artist): a masked track, a heart
 * and a waveform beside the brand. It is drawn from shapes alone, so it renders the same on a
 * machine with no fonts; the words are the card's title and description.
 */
export function shareCardSvg(logo: string): string {
  const { width, height } = SHARE_CARD_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <radialGradient id="glow" cx="0.8" cy="0.15" r="0.9">
      <stop offset="0" stop-color="${PRIMARY_COLOR}" stop-opacity="0.32"/>
      <stop offset="1" stop-color="${PRIMARY_COLOR}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="${dark.background}"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  <g transform="translate(80 72)">${logo.replace('<svg ', '<svg width="252" height="72" ')}</g>
  <g transform="translate(80 190)">
    <rect width="1040" height="360" rx="40" fill="${dark.card}" stroke="${dark.border}" stroke-width="2"/>
    <rect x="40" y="40" width="280" height="280" rx="28" fill="${dark.input}"/>
    <path transform="translate(120 128) scale(5)" fill="none" stroke="${PRIMARY_COLOR}" stroke-width="2"
      stroke-linecap="round" stroke-linejoin="round"
      d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z"/>
    <rect x="380" y="70" width="420" height="44" rx="22" fill="${dark.border}"/>
    <rect x="380" y="136" width="260" height="32" rx="16" fill="${dark.border}" fill-opacity="0.7"/>
    ${waveform(380, 210, 600, 90)}
  </g>
</svg>`;
}

let rendered: Promise<Buffer> | undefined;

/** The card as a PNG, drawn once per process (a failed draw is tried again next time). */
export function shareCardPng(): Promise<Buffer> {
  rendered ??= readFile(LOGO_FILE, 'utf8')
    .then((logo) =>
      sharp(Buffer.from(shareCardSvg(logo)))
        .png({ compressionLevel: 9 })
        .toBuffer(),
    )
    .catch((error: unknown) => {
      rendered = undefined;
      throw error;
    });
  return rendered;
}
