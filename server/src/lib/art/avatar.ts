/**
 * Generative avatars (512×512 JPEG) for seeded artists and listeners: an abstract emblem around a
 * base hue, with no letters, so a profile picture never spells out a name.
 */
import sharp from 'sharp';
import { createRng, type Rng } from '../random';
import { getGrainOverlay } from './grain';
import { createElement, createSoftDisc, formatHsl, formatNumber, wrapSvg } from './svg';

export const AVATAR_MOTIFS = ['aura', 'rings', 'petals', 'shards'] as const;
export type AvatarMotif = (typeof AVATAR_MOTIFS)[number];

/** Inputs of the generative avatar: a base hue (0-360) and a composition. */
export interface AvatarStyle {
  hue: number;
  motif: AvatarMotif;
}

export const AVATAR_SIZE = 512;
const CENTER = AVATAR_SIZE / 2;

interface AvatarTones {
  background: string;
  deep: string;
  main: string;
  second: string;
  light: string;
}

function createTones(hue: number, rng: Rng): AvatarTones {
  const shift = rng.range(25, 60) * (rng.chance(0.5) ? 1 : -1);
  return {
    background: formatHsl(hue, rng.range(30, 55), rng.range(14, 22)),
    deep: formatHsl(hue + shift / 2, 45, 7),
    main: formatHsl(hue, rng.range(60, 85), rng.range(52, 62)),
    second: formatHsl(hue + shift, rng.range(55, 80), rng.range(40, 55)),
    light: formatHsl(hue + shift / 3, 35, 88),
  };
}

/** Head and shoulders, blurred at the edges by an aura: a portrait that is nobody in particular. */
function drawAura(tones: AvatarTones, rng: Rng): { defs: string; body: string } {
  const halo = createSoftDisc(
    'halo',
    CENTER + rng.range(-40, 40),
    CENTER - 30,
    rng.range(200, 260),
    tones.main,
    0.9,
  );
  const side = createSoftDisc(
    'side',
    rng.range(60, 450),
    rng.range(60, 450),
    rng.range(120, 200),
    tones.second,
    0.8,
  );
  const figure = createElement(
    'linearGradient',
    { id: 'figure', x1: 0, y1: 0, x2: 0, y2: 1 },
    createElement('stop', { offset: '0%', 'stop-color': tones.second }) +
      createElement('stop', { offset: '100%', 'stop-color': tones.deep }),
  );
  const headR = rng.range(66, 80);
  const headY = CENTER - rng.range(30, 55);
  const top = headY + headR + rng.range(18, 30);
  const shoulders = `M${formatNumber(CENTER - 200)} ${AVATAR_SIZE} C${formatNumber(CENTER - 190)} ${formatNumber(top)} ${formatNumber(CENTER + 190)} ${formatNumber(top)} ${formatNumber(CENTER + 200)} ${AVATAR_SIZE} Z`;
  // A thin rim light separates the silhouette from the aura behind it.
  const rim = { stroke: tones.light, 'stroke-width': 2, 'stroke-opacity': 0.45, fill: 'url(#figure)' };
  const body =
    side.body +
    halo.body +
    createElement('path', { d: shoulders, ...rim }) +
    createElement('circle', { cx: CENTER, cy: headY, r: headR, ...rim });
  return { defs: halo.defs + side.defs + figure, body };
}

function drawRings(tones: AvatarTones, rng: Rng): { defs: string; body: string } {
  const glow = createSoftDisc('glow', CENTER, CENTER, 240, tones.main, 0.55);
  let body = glow.body;
  const count = rng.int(5, 9);
  for (let i = 0; i < count; i++) {
    const r = 40 + i * (190 / count);
    body += createElement('circle', {
      cx: CENTER,
      cy: CENTER,
      r,
      fill: 'none',
      stroke: i % 2 === 0 ? tones.light : tones.second,
      'stroke-width': rng.pick([2, 4, 8, 12]),
      'stroke-dasharray': rng.chance(0.4)
        ? `${formatNumber(r * rng.range(1, 3))} ${formatNumber(r * 0.6)}`
        : 'none',
      transform: `rotate(${formatNumber(rng.range(0, 360))} ${CENTER} ${CENTER})`,
      opacity: rng.range(0.6, 1),
    });
  }
  return {
    defs: glow.defs,
    body: body + createElement('circle', { cx: CENTER, cy: CENTER, r: 18, fill: tones.light }),
  };
}

function drawPetals(tones: AvatarTones, rng: Rng): { defs: string; body: string } {
  const petals = rng.int(5, 12);
  const length = rng.range(150, 210);
  const width = rng.range(30, 70);
  const gradient = createElement(
    'linearGradient',
    { id: 'petal', x1: 0, y1: 0, x2: 0, y2: 1 },
    createElement('stop', { offset: '0%', 'stop-color': tones.main }) +
      createElement('stop', { offset: '100%', 'stop-color': tones.second }),
  );
  let body = '';
  for (let i = 0; i < petals; i++) {
    body += createElement('ellipse', {
      cx: CENTER,
      cy: CENTER - length / 2,
      rx: width,
      ry: length / 2,
      fill: 'url(#petal)',
      opacity: 0.78,
      transform: `rotate(${formatNumber((360 / petals) * i)} ${CENTER} ${CENTER})`,
    });
  }
  body += createElement('circle', { cx: CENTER, cy: CENTER, r: rng.range(28, 48), fill: tones.light });
  return { defs: gradient, body };
}

/** Kaleidoscope: one random triangle repeated around the centre. */
function drawShards(tones: AvatarTones, rng: Rng): { defs: string; body: string } {
  const folds = rng.pick([5, 6, 8]);
  const shards = Array.from({ length: 3 }, () => {
    const corners: [number, number][] = [
      [CENTER, CENTER - rng.range(0, 40)],
      [CENTER + rng.range(-110, 110), CENTER - rng.range(140, 230)],
      [CENTER + rng.range(-70, 70), CENTER - rng.range(60, 190)],
    ];
    const points = corners.map(([x, y]) => `${formatNumber(x)},${formatNumber(y)}`).join(' ');
    return { points, fill: rng.pick([tones.main, tones.second, tones.light]), opacity: rng.range(0.5, 0.9) };
  });
  let body = '';
  for (let i = 0; i < folds; i++) {
    const rotate = `rotate(${formatNumber((360 / folds) * i)} ${CENTER} ${CENTER})`;
    for (const shard of shards)
      body += createElement('polygon', {
        points: shard.points,
        fill: shard.fill,
        opacity: shard.opacity,
        transform: rotate,
      });
  }
  return { defs: '', body };
}

/** Builds the avatar's SVG source (exported for inspection and tests). */
export function buildAvatarSvg(owner: { key: string; avatar: AvatarStyle }): string {
  const rng = createRng(`avatar:${owner.key}`);
  const tones = createTones(owner.avatar.hue, rng);
  const backdrop = createElement(
    'radialGradient',
    { id: 'backdrop', cx: '40%', cy: '35%', r: '80%' },
    createElement('stop', { offset: '0%', 'stop-color': tones.background }) +
      createElement('stop', { offset: '100%', 'stop-color': tones.deep }),
  );
  const art = ((): { defs: string; body: string } => {
    switch (owner.avatar.motif) {
      case 'aura':
        return drawAura(tones, rng);
      case 'rings':
        return drawRings(tones, rng);
      case 'petals':
        return drawPetals(tones, rng);
      case 'shards':
        return drawShards(tones, rng);
    }
  })();
  const background = createElement('rect', {
    width: AVATAR_SIZE,
    height: AVATAR_SIZE,
    fill: 'url(#backdrop)',
  });
  return wrapSvg(AVATAR_SIZE, backdrop + art.defs, background + art.body);
}

/** Renders an artist's or listener's avatar to a 512×512 JPEG. */
export async function renderAvatar(owner: { key: string; avatar: AvatarStyle }): Promise<Buffer> {
  return sharp(Buffer.from(buildAvatarSvg(owner)))
    .resize(AVATAR_SIZE, AVATAR_SIZE)
    .composite([getGrainOverlay(AVATAR_SIZE)])
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
}
