/** Small helpers for building SVG markup as strings; all numbers are rounded to keep files small. */

/** Coordinates keep one decimal; small values (filter frequencies, opacities) keep four. */
export function formatNumber(value: number): string {
  const digits = Math.abs(value) < 10 ? 10_000 : 10;
  return String(Math.round(value * digits) / digits);
}

/** Converts HSL (degrees, percent, percent) to RGB channels in 0..1, for filter tables. */
export function convertHslToRgb(
  hue: number,
  saturation: number,
  lightness: number,
): [number, number, number] {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number): number => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0), f(8), f(4)];
}

export function formatHsl(hue: number, saturation: number, lightness: number, alpha = 1): string {
  const h = ((Math.round(hue) % 360) + 360) % 360;
  const s = Math.round(Math.min(100, Math.max(0, saturation)));
  const l = Math.round(Math.min(100, Math.max(0, lightness)));
  return alpha >= 1 ? `hsl(${h},${s}%,${l}%)` : `hsla(${h},${s}%,${l}%,${Math.round(alpha * 100) / 100})`;
}

/** Builds an element from a tag, attributes and optional children. */
export function createElement(
  tag: string,
  attributes: Record<string, string | number>,
  children = '',
): string {
  const attrs = Object.entries(attributes)
    .map(([name, value]) => `${name}="${typeof value === 'number' ? formatNumber(value) : value}"`)
    .join(' ');
  return children === '' ? `<${tag} ${attrs}/>` : `<${tag} ${attrs}>${children}</${tag}>`;
}

export function wrapSvg(size: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><defs>${defs}</defs>${body}</svg>`;
}

/** A circle whose colour fades out towards its rim: a cheap stand-in for a heavily blurred disc. */
export function createSoftDisc(
  id: string,
  cx: number,
  cy: number,
  r: number,
  color: string,
  opacity: number,
): { defs: string; body: string } {
  const defs = createElement(
    'radialGradient',
    { id },
    createElement('stop', { offset: '0%', 'stop-color': color, 'stop-opacity': opacity }) +
      createElement('stop', { offset: '45%', 'stop-color': color, 'stop-opacity': opacity * 0.75 }) +
      createElement('stop', { offset: '100%', 'stop-color': color, 'stop-opacity': 0 }),
  );
  return { defs, body: createElement('circle', { cx, cy, r, fill: `url(#${id})` }) };
}
