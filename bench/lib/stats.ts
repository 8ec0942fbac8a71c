/** A seeded generator (mulberry32), so runs compared side by side meet the same draws. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The Gini coefficient of non-negative counts: 0 when all are equal, towards 1 when one has all. */
export function gini(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const total = sorted.reduce((a, b) => a + b, 0);
  if (n === 0 || total === 0) return 0;
  const weighted = sorted.reduce((sum, x, i) => sum + (i + 1) * x, 0);
  return (2 * weighted) / (n * total) - (n + 1) / n;
}

/** Ranks from 1, ties sharing their mean rank. */
function ranks(values: number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const out = new Array<number>(values.length);
  for (let s = 0; s < order.length;) {
    let e = s;
    while (e + 1 < order.length && order[e + 1]?.v === order[s]?.v) e++;
    for (let k = s; k <= e; k++) out[order[k]?.i ?? 0] = (s + e) / 2 + 1;
    s = e + 1;
  }
  return out;
}

/** Spearman's rank correlation of two equally long series. */
export function spearman(x: number[], y: number[]): number {
  const rx = ranks(x);
  const ry = ranks(y);
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(rx);
  const my = mean(ry);
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < rx.length; i++) {
    const a = (rx[i] ?? 0) - mx;
    const b = (ry[i] ?? 0) - my;
    num += a * b;
    dx += a * a;
    dy += b * b;
  }
  return num / Math.sqrt(dx * dy);
}
