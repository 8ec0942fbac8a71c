/**
 * The compositions a cover can take. Each draws on a 1000-unit square from a seeded Rng and a
 * palette, and returns SVG defs and body. None contains text: a cover must never name the track
 * or the artist, since Discover keeps the artist hidden until a like (spec 001 §4).
 */
import type { Rng } from '../random';
import type { Palette } from './palette';
import { convertHslToRgb, createElement, createSoftDisc, formatNumber } from './svg';

export interface Artwork {
  defs: string;
  body: string;
}

export const COVER_MOTIFS = ['orbits', 'bauhaus', 'waves', 'blobs', 'contours', 'sun'] as const;
export type CoverMotif = (typeof COVER_MOTIFS)[number];

const SIZE = 1000;

function pickColor(palette: Palette, rng: Rng): string {
  return rng.pick(palette.colors);
}

function createBackdrop(palette: Palette, rng: Rng): Artwork {
  const cx = rng.range(20, 80);
  const cy = rng.range(20, 80);
  const defs = createElement(
    'radialGradient',
    { id: 'backdrop', cx: `${formatNumber(cx)}%`, cy: `${formatNumber(cy)}%`, r: '85%' },
    createElement('stop', { offset: '0%', 'stop-color': palette.background }) +
      createElement('stop', { offset: '100%', 'stop-color': palette.backgroundDeep }),
  );
  return { defs, body: createElement('rect', { width: SIZE, height: SIZE, fill: 'url(#backdrop)' }) };
}

function drawOrbits(palette: Palette, rng: Rng): Artwork {
  const cx = rng.range(300, 700);
  const cy = rng.range(300, 700);
  const rings = rng.int(7, 14);
  const glow = createSoftDisc('glow', cx, cy, rng.range(260, 420), palette.colors[0], 0.8);
  let body = glow.body;
  for (let i = 0; i < rings; i++) {
    const r = 90 + i * rng.range(30, 52);
    const circumference = 2 * Math.PI * r;
    const isArc = rng.chance(0.55);
    body += createElement('circle', {
      cx,
      cy,
      r,
      fill: 'none',
      stroke: i % 3 === 0 ? palette.ink : pickColor(palette, rng),
      'stroke-width': rng.pick([2, 3, 6, 10, 18]),
      'stroke-linecap': 'round',
      'stroke-dasharray': isArc
        ? `${formatNumber(circumference * rng.range(0.15, 0.6))} ${formatNumber(circumference)}`
        : 'none',
      transform: `rotate(${formatNumber(rng.range(0, 360))} ${formatNumber(cx)} ${formatNumber(cy)})`,
      opacity: rng.range(0.55, 1),
    });
  }
  body += createElement('circle', { cx, cy, r: rng.range(14, 34), fill: palette.ink });
  return { defs: glow.defs, body };
}

/** One cell of the Bauhaus grid: a quarter circle, half circle, disc, square or triangle. */
function drawTile(x: number, y: number, size: number, palette: Palette, rng: Rng): string {
  const fill = pickColor(palette, rng);
  const background = rng.chance(0.35)
    ? createElement('rect', { x, y, width: size, height: size, fill: pickColor(palette, rng) })
    : '';
  const corner = rng.int(0, 3);
  const cx = x + (corner === 1 || corner === 2 ? size : 0);
  const cy = y + (corner >= 2 ? size : 0);
  switch (rng.int(0, 5)) {
    case 0:
      return background + createElement('path', { d: createQuarterCircle(cx, cy, size, corner), fill });
    case 1: {
      const r = size / 2;
      return (
        background +
        createElement('path', {
          d: `M${formatNumber(x)} ${formatNumber(y + r)} a${formatNumber(r)} ${formatNumber(r)} 0 0 1 ${formatNumber(size)} 0 Z`,
          fill,
        })
      );
    }
    case 2:
      return (
        background +
        createElement('circle', { cx: x + size / 2, cy: y + size / 2, r: size * rng.range(0.25, 0.45), fill })
      );
    case 3: {
      const inset = size * rng.range(0.15, 0.3);
      return (
        background +
        createElement('rect', {
          x: x + inset,
          y: y + inset,
          width: size - 2 * inset,
          height: size - 2 * inset,
          fill,
        })
      );
    }
    case 4:
      return (
        background +
        createElement('path', {
          d: `M${formatNumber(x)} ${formatNumber(y + size)} L${formatNumber(x + size)} ${formatNumber(y)} L${formatNumber(x + size)} ${formatNumber(y + size)} Z`,
          fill,
        })
      );
    default:
      return background;
  }
}

function createQuarterCircle(cx: number, cy: number, r: number, corner: number): string {
  const sweep = [
    [r, 0, 0, r],
    [0, r, -r, 0],
    [-r, 0, 0, -r],
    [0, -r, r, 0],
  ][corner] ?? [r, 0, 0, r];
  const [ax, ay, bx, by] = sweep.map(formatNumber);
  return `M${formatNumber(cx)} ${formatNumber(cy)} l${ax} ${ay} A${formatNumber(r)} ${formatNumber(r)} 0 0 1 ${formatNumber(cx + Number(bx))} ${formatNumber(cy + Number(by))} Z`;
}

function drawBauhaus(palette: Palette, rng: Rng): Artwork {
  const cells = rng.int(3, 5);
  const margin = rng.pick([0, 60, 90]);
  const size = (SIZE - 2 * margin) / cells;
  let body = '';
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++)
      body += drawTile(margin + col * size, margin + row * size, size, palette, rng);
  }
  return { defs: '', body };
}

function drawWaves(palette: Palette, rng: Rng): Artwork {
  const bands = rng.int(5, 9);
  const sunY = rng.range(220, 420);
  let body = createElement('circle', {
    cx: rng.range(250, 750),
    cy: sunY,
    r: rng.range(110, 200),
    fill: palette.colors[0],
  });
  const frequency = rng.range(1.2, 3.2);
  const phase = rng.range(0, Math.PI * 2);
  for (let b = 0; b < bands; b++) {
    const baseline = 420 + (b * 560) / bands;
    const amplitude = rng.range(18, 60);
    let d = `M0 ${formatNumber(SIZE)} L0 ${formatNumber(baseline)}`;
    for (let x = 0; x <= SIZE; x += 10) {
      const t = (x / SIZE) * Math.PI * 2;
      const y =
        baseline +
        amplitude * Math.sin(frequency * t + phase + b * 0.7) +
        amplitude * 0.4 * Math.sin(3.1 * t + b);
      d += ` L${formatNumber(x)} ${formatNumber(y)}`;
    }
    d += ` L${formatNumber(SIZE)} ${formatNumber(SIZE)} Z`;
    const color = palette.colors[(b % 3) + 1] ?? palette.ink;
    body += createElement('path', { d, fill: color, opacity: 0.55 + (0.45 * b) / bands });
  }
  return { defs: '', body };
}

/** A soft colour field from overlapping fading discs (a mesh-gradient look), with a crisp ring. */
function drawBlobs(palette: Palette, rng: Rng): Artwork {
  let defs = '';
  let body = '';
  for (let i = 0; i < rng.int(5, 7); i++) {
    const color = palette.colors[i % palette.colors.length] ?? palette.ink;
    const disc = createSoftDisc(
      `blob${i}`,
      rng.range(100, 900),
      rng.range(100, 900),
      rng.range(320, 560),
      color,
      rng.range(0.7, 1),
    );
    defs += disc.defs;
    body += disc.body;
  }
  const ring = createElement('circle', {
    cx: rng.range(350, 650),
    cy: rng.range(350, 650),
    r: rng.range(150, 320),
    fill: 'none',
    stroke: palette.ink,
    'stroke-width': rng.pick([2, 3, 4]),
    opacity: 0.8,
  });
  const lines = Array.from({ length: rng.int(0, 3) }, () => {
    const y = rng.range(150, 850);
    return createElement('line', {
      x1: 0,
      y1: y,
      x2: SIZE,
      y2: y + rng.range(-200, 200),
      stroke: palette.ink,
      'stroke-width': 1.5,
      opacity: 0.5,
    });
  }).join('');
  return { defs, body: body + ring + lines };
}

/**
 * Topographic bands: one fractal-noise field cut into discrete levels, each level mapped to a
 * palette colour through per-channel lookup tables (one turbulence pass; they are costly).
 */
function drawContours(palette: Palette, rng: Rng): Artwork {
  const levels = rng.int(7, 12);
  const order = Array.from(
    { length: levels },
    (_, k) => palette.tones[(k + rng.int(0, 1)) % palette.tones.length] ?? palette.tones[0],
  );
  const rgb = order.map((tone) => convertHslToRgb(...tone));
  const table = (channel: number): string => rgb.map((c) => formatNumber(c[channel] ?? 0)).join(' ');
  const defs = createElement(
    'filter',
    { id: 'topo', x: 0, y: 0, width: '100%', height: '100%', 'color-interpolation-filters': 'sRGB' },
    createElement('feTurbulence', {
      type: 'fractalNoise',
      baseFrequency: rng.range(0.0016, 0.0036),
      numOctaves: 2,
      seed: rng.int(1, 9999),
    }) +
      createElement('feColorMatrix', {
        type: 'matrix',
        values: '1.5 0 0 0 -0.25  1.5 0 0 0 -0.25  1.5 0 0 0 -0.25  0 0 0 0 1',
      }) +
      createElement(
        'feComponentTransfer',
        {},
        createElement('feFuncR', { type: 'discrete', tableValues: table(0) }) +
          createElement('feFuncG', { type: 'discrete', tableValues: table(1) }) +
          createElement('feFuncB', { type: 'discrete', tableValues: table(2) }),
      ) +
      createElement('feGaussianBlur', { stdDeviation: 1.2 }),
  );
  const body = createElement('rect', { width: SIZE, height: SIZE, filter: 'url(#topo)' });
  const frame = rng.chance(0.5)
    ? createElement('rect', {
        x: 70,
        y: 70,
        width: SIZE - 140,
        height: SIZE - 140,
        fill: 'none',
        stroke: palette.ink,
        'stroke-width': 3,
        opacity: 0.7,
      })
    : '';
  return { defs, body: body + frame };
}

/** A striped sun over a horizon line: retro, and different every time in position and cut. */
function drawSun(palette: Palette, rng: Rng): Artwork {
  const cx = rng.range(330, 670);
  const cy = rng.range(380, 560);
  const r = rng.range(220, 330);
  const gradient = createElement(
    'linearGradient',
    { id: 'sunfill', x1: 0, y1: 0, x2: 0, y2: 1 },
    createElement('stop', { offset: '0%', 'stop-color': palette.colors[0] }) +
      createElement('stop', { offset: '100%', 'stop-color': palette.colors[2] }),
  );
  let cuts = '';
  const stripes = rng.int(5, 9);
  for (let s = 0; s < stripes; s++) {
    const y = cy + (s / stripes) * r;
    cuts += createElement('rect', { x: 0, y, width: SIZE, height: 4 + s * rng.range(2, 5), fill: 'black' });
  }
  const mask = createElement(
    'mask',
    { id: 'sunmask' },
    createElement('rect', { width: SIZE, height: SIZE, fill: 'white' }) + cuts,
  );
  const sun = createElement('circle', { cx, cy, r, fill: 'url(#sunfill)', mask: 'url(#sunmask)' });
  const horizon = cy + r * rng.range(0.55, 0.9);
  const ground = createElement('rect', {
    x: 0,
    y: horizon,
    width: SIZE,
    height: SIZE - horizon,
    fill: palette.colors[3],
    opacity: 0.85,
  });
  let grid = '';
  for (let i = -6; i <= 6; i++) {
    grid += createElement('line', {
      x1: cx + i * 40,
      y1: horizon,
      x2: cx + i * 260,
      y2: SIZE,
      stroke: palette.ink,
      'stroke-width': 1.5,
      opacity: 0.35,
    });
  }
  return { defs: gradient + mask, body: sun + ground + grid };
}

/** Draws the chosen motif over a seeded gradient backdrop. */
export function drawMotif(motif: CoverMotif, palette: Palette, rng: Rng): Artwork {
  const backdrop = createBackdrop(palette, rng);
  const art = ((): Artwork => {
    switch (motif) {
      case 'orbits':
        return drawOrbits(palette, rng);
      case 'bauhaus':
        return drawBauhaus(palette, rng);
      case 'waves':
        return drawWaves(palette, rng);
      case 'blobs':
        return drawBlobs(palette, rng);
      case 'contours':
        return drawContours(palette, rng);
      case 'sun':
        return drawSun(palette, rng);
    }
  })();
  return { defs: backdrop.defs + art.defs, body: backdrop.body + art.body };
}
