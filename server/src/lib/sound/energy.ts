/**
 * Energy's raw inputs (loudness, loudness range, onset density) and the rank that turns them into
 * an energy percentile within a genre (decision 0260). Tracks are measured after loudness
 * normalisation, so RMS tells a dense, compressed master from a sparse, dynamic one.
 */
export interface EnergyInputs {
  /** RMS of the sounding frames in dBFS. */
  rmsDb: number;
  /** Spread of the 3-second loudness, 10th to 95th percentile, in dB (EBU R 128's LRA, unweighted). */
  loudnessRangeDb: number;
  onsetsPerSecond: number;
}

/** EBU Tech 3342's loudness range: 3 s blocks, gated 20 dB under their mean, 10th to 95th percentile. */
const BLOCK_SECONDS = 3;
const RELATIVE_GATE_DB = 20;
/** Quieter than −70 dBFS is silence (R 128's absolute gate). */
const SILENCE_DB = -70;

const toDb = (power: number) => 10 * Math.log10(Math.max(power, 1e-12));

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** RMS and loudness range from each analysis frame's RMS (`frameSeconds` apart). */
export function measureDynamics(frameRms: readonly number[], frameSeconds: number) {
  const sounding = frameRms.filter((rms) => toDb(rms * rms) > SILENCE_DB);
  const meanPower = sounding.reduce((sum, rms) => sum + rms * rms, 0) / Math.max(1, sounding.length);
  const perBlock = Math.max(1, Math.round(BLOCK_SECONDS / frameSeconds));
  const blocks: number[] = [];
  for (let start = 0; start + perBlock <= frameRms.length; start += Math.ceil(perBlock / 2)) {
    const block = frameRms.slice(start, start + perBlock);
    blocks.push(toDb(block.reduce((sum, rms) => sum + rms * rms, 0) / block.length));
  }
  const audible = blocks.filter((db) => db > SILENCE_DB);
  const gate = toDb(audible.reduce((sum, db) => sum + 10 ** (db / 10), 0) / Math.max(1, audible.length));
  const gated = audible.filter((db) => db > gate - RELATIVE_GATE_DB).sort((a, b) => a - b);
  return {
    rmsDb: sounding.length > 0 ? toDb(meanPower) : SILENCE_DB,
    loudnessRangeDb: gated.length > 0 ? quantile(gated, 0.95) - quantile(gated, 0.1) : 0,
  };
}

/** The first index of `sorted` whose value is not less than `value` (or above it, with `orEqual`). */
function countBelow(sorted: readonly number[], value: number, orEqual: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const other = sorted[middle] ?? 0;
    if (other < value || (orEqual && other === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where `value` falls in an ascending `sorted` distribution, 0..100: the share below it, ties counted half. */
export function percentileWithin(value: number, sorted: readonly number[]): number {
  if (sorted.length === 0) return 50;
  const below = countBelow(sorted, value, false);
  const equal = countBelow(sorted, value, true) - below;
  return (100 * (below + equal / 2)) / sorted.length;
}

const ascending = (values: number[]) => values.sort((a, b) => a - b);

/**
 * Ranks tracks' energy within a genre's tracks (`genre`, the ranked track among them or not):
 * louder, busier and more even than its peers is more energetic. Each input is ranked among the
 * genre's, the three ranks averaged, and that average ranked again among the genre's averages,
 * so energy spreads evenly from 0 to 100 across the genre whatever its typical sound.
 */
export function createEnergyRanker(genre: readonly EnergyInputs[]): (track: EnergyInputs) => number {
  const rms = ascending(genre.map((t) => t.rmsDb));
  const onsets = ascending(genre.map((t) => t.onsetsPerSecond));
  const range = ascending(genre.map((t) => t.loudnessRangeDb));
  const composite = (t: EnergyInputs) =>
    (percentileWithin(t.rmsDb, rms) +
      percentileWithin(t.onsetsPerSecond, onsets) +
      (100 - percentileWithin(t.loudnessRangeDb, range))) /
    3;
  const composites = ascending(genre.map(composite));
  return (track) => percentileWithin(composite(track), composites);
}
