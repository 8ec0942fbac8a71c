/**
 * A draw from Beta(a, b) as X / (X + Y) with X ~ Gamma(a), Y ~ Gamma(b), each by Marsaglia and
 * Tsang's method ("A simple method for generating gamma variables", ACM TOMS 26(3), 2000), with
 * Box–Muller normals; shapes under 1 are boosted by U^(1/a). `random` is uniform in [0, 1), so a
 * seeded generator makes the draws repeatable. (A library for these twenty lines pulled in 227
 * packages: decision 0283.)
 */
export function betaSample(a: number, b: number, random: () => number): number {
  const x = gammaSample(a, random);
  const y = gammaSample(b, random);
  return x / (x + y);
}

function gammaSample(shape: number, random: () => number): number {
  if (shape < 1) return gammaSample(shape + 1, random) * Math.pow(1 - random(), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const z = normalSample(random);
    const v = (1 + c * z) ** 3;
    if (v <= 0) continue;
    const u = 1 - random();
    if (Math.log(u) < 0.5 * z * z + d - d * v + d * Math.log(v)) return d * v;
  }
}

function normalSample(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}
