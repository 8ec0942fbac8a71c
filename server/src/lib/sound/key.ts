/**
 * Key and mode from a mean chroma vector, by correlation with key profiles (Krumhansl–Kessler's
 * probe-tone ratings), rotated to all 24 keys (decision 0261).
 */
import { toCamelot, type KeyMode, type MusicalKey } from '@klang/domain';

export interface KeyReading extends MusicalKey {
  camelot: string;
  /** 0..1: how tonal the chroma is and how far the best key leads (see `readKey`). */
  confidence: number;
}

/** Krumhansl & Kessler (1982): how well each pitch class, from the tonic up, fits the key. */
const PROFILES: Record<KeyMode, readonly number[]> = {
  major: [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88],
  minor: [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17],
};

function correlate(a: readonly number[], b: readonly number[]): number {
  const mean = (v: readonly number[]) => v.reduce((sum, x) => sum + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  a.forEach((x, i) => {
    const y = (b[i] ?? 0) - mb;
    ab += (x - ma) * y;
    aa += (x - ma) ** 2;
    bb += y * y;
  });
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/** A correlation lead of 0.1 over the runner-up key is full confidence. */
const FULL_CONFIDENCE_LEAD = 0.1;
/**
 * A spread of pitch-class strengths (coefficient of variation) of 0.06 is fully tonal: white noise
 * reads 0.016 through Meyda's filter bank, the least tonal of the seed's tracks 0.069.
 */
const FULL_CONFIDENCE_SPREAD = 0.06;

function spreadOf(values: readonly number[]): number {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  if (mean === 0) return 0;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length) / mean;
}

/**
 * The best of the 24 keys for `chroma` (C..B). Its confidence is the lesser of two: how much the
 * pitch classes differ at all (noise or a drum loop is nearly flat, yet some key still correlates
 * best with the filter bank's own slight bias) and the lead of the best key's correlation over
 * the runner-up's (an ambiguous chroma, a modal vamp, leaves two keys nearly tied).
 */
export function readKey(chroma: readonly number[]): KeyReading {
  const scored: { key: MusicalKey; r: number }[] = [];
  for (const mode of ['major', 'minor'] as const)
    for (let tonic = 0; tonic < 12; tonic++) {
      const rotated = chroma.map((_, i) => chroma[(i + tonic) % 12] ?? 0);
      scored.push({ key: { tonic, mode }, r: correlate(rotated, PROFILES[mode]) });
    }
  scored.sort((x, y) => y.r - x.r);
  const [best, second] = scored as [(typeof scored)[number], (typeof scored)[number]];
  return {
    ...best.key,
    camelot: toCamelot(best.key),
    confidence: Math.min(
      1,
      (best.r - second.r) / FULL_CONFIDENCE_LEAD,
      spreadOf(chroma) / FULL_CONFIDENCE_SPREAD,
    ),
  };
}
