import {
  GENRE_NAMES,
  RADAR_RULES,
  TASTE_LAYOUT,
  tempoBandRange,
  TASTE_GROUPS,
  type TasteGroup,
  type TasteSummary,
} from '@klang/domain';
import { betaSample } from '../../lib/beta-sample';
import type { BandEvidence, CandidateBands, DealChoice } from './player.repository';

/**
 * Blind Radar's model (issue 29, decision 0283): per band of the taste space, a Beta posterior
 * of the listener's like rate, its prior centred on the population's rate for that band. A deal
 * draws one rate per band from the posteriors (Thompson sampling) and scores each candidate by
 * the sum of its bands' log-odds lift over the population: the best-scored candidate of the fair
 * tier is dealt. Everything is over bands of sound; nothing names a track.
 */

const GROUPS = Object.keys(TASTE_GROUPS) as TasteGroup[];

/** Rates are kept off 0 and 1, where log-odds are infinite. */
const clampRate = (p: number) => Math.min(0.95, Math.max(0.02, p));
const logit = (p: number) => Math.log(p / (1 - p));

/** The population's like rate per band (flat, TASTE_LAYOUT), shrunk towards the overall rate. */
export type PopulationRates = number[];

/** Deals of the overall rate a band's own rate is shrunk with: a band seen 20 times is half its own. */
const POPULATION_SHRINK_DEALS = 20;
/** The overall rate before any verdict is counted: about the share of likes a blind deck sees. */
const NO_DATA_RATE = 0.15;

export function populationRates(
  rows: (Record<TasteGroup, number | null> & { likes: number; deals: number })[],
): PopulationRates {
  const likes = new Array<number>(TASTE_LAYOUT.size).fill(0);
  const deals = new Array<number>(TASTE_LAYOUT.size).fill(0);
  let allLikes = 0;
  let allDeals = 0;
  for (const row of rows) {
    allLikes += row.likes;
    allDeals += row.deals;
    for (const g of GROUPS) {
      const i = bandIndex(g, row[g]);
      if (i === null) continue;
      likes[i] = (likes[i] ?? 0) + row.likes;
      deals[i] = (deals[i] ?? 0) + row.deals;
    }
  }
  const overall = clampRate(allDeals > 0 ? allLikes / allDeals : NO_DATA_RATE);
  return likes.map((l, i) =>
    clampRate((l + POPULATION_SHRINK_DEALS * overall) / ((deals[i] ?? 0) + POPULATION_SHRINK_DEALS)),
  );
}

/** The flat index of a group's 1-based band, or null for none (an unmeasured feature). */
function bandIndex(group: TasteGroup, band: number | null): number | null {
  const { offset, length } = TASTE_LAYOUT[group];
  return band === null || band < 1 || band > length ? null : offset + band - 1;
}

/** A listener's taste: weighted evidence for and against each band, and how much in all. */
export interface Taste {
  yes: number[];
  no: number[];
  /** Weighted verdicts learned from. */
  verdicts: number;
  doorGenres: string[];
}

export function tasteOf(evidence: BandEvidence[], doorGenres: string[]): Taste {
  const yes = new Array<number>(TASTE_LAYOUT.size).fill(0);
  const no = new Array<number>(TASTE_LAYOUT.size).fill(0);
  let verdicts = 0;
  for (const row of evidence) {
    verdicts += row.yes + row.no;
    for (const g of GROUPS) {
      const i = bandIndex(g, row[g]);
      if (i === null) continue;
      yes[i] = (yes[i] ?? 0) + row.yes;
      no[i] = (no[i] ?? 0) + row.no;
    }
  }
  for (const genre of doorGenres) {
    const i = bandIndex('genre', GENRE_NAMES.indexOf(genre as (typeof GENRE_NAMES)[number]) + 1);
    if (i !== null) yes[i] = (yes[i] ?? 0) + RADAR_RULES.doorGenreLikes;
  }
  return { yes, no, verdicts, doorGenres };
}

/** The posterior's two shapes for band `i`. */
function posterior(taste: Taste, rates: PopulationRates, i: number): [number, number] {
  const p = rates[i] ?? NO_DATA_RATE;
  const m = RADAR_RULES.priorStrength;
  return [m * p + (taste.yes[i] ?? 0), m * (1 - p) + (taste.no[i] ?? 0)];
}

/**
 * One Thompson draw: per band, a like rate from the listener's posterior, as its log-odds lift
 * over the population's rate. A candidate's score is the sum over its bands (chooseCandidate
 * adds them), so a listener with no evidence scores every track by noise around 0.
 */
export function drawScores(taste: Taste, rates: PopulationRates, random: () => number): number[] {
  return rates.map((p, i) => {
    const [a, b] = posterior(taste, rates, i);
    const k = RADAR_RULES.posteriorTempering;
    return logit(clampRate(betaSample(k * a, k * b, random))) - logit(p);
  });
}

/** What the deck has learned, in bands the profile can name (decision 0285). */
export function summarise(taste: Taste, rates: PopulationRates): TasteSummary {
  const liked = (group: TasteGroup): number[] => {
    const { offset, length } = TASTE_LAYOUT[group];
    const lifts: { band: number; lift: number }[] = [];
    for (let band = 1; band <= length; band++) {
      const i = offset + band - 1;
      const evidence = (taste.yes[i] ?? 0) + (taste.no[i] ?? 0);
      if (evidence < RADAR_RULES.likedEvidence) continue;
      const [a, b] = posterior(taste, rates, i);
      const lift = a / (a + b) / (rates[i] ?? NO_DATA_RATE);
      if (lift >= RADAR_RULES.likedLift) lifts.push({ band, lift });
    }
    return lifts.sort((x, y) => y.lift - x.lift).map((l) => l.band);
  };
  const first = <T>(group: TasteGroup, names: readonly T[]): T | null => {
    const band = liked(group)[0];
    return band === undefined ? null : (names[band - 1] ?? null);
  };
  const tempoBand = liked('tempo')[0];
  return {
    verdicts: Math.round(taste.verdicts),
    tuned: taste.verdicts >= RADAR_RULES.tunedAfterVerdicts,
    genres: liked('genre')
      .slice(0, 2)
      .map((band) => TASTE_GROUPS.genre[band - 1])
      .filter((g) => g !== undefined),
    tempo: tempoBand === undefined ? null : tempoBandRange(tempoBand),
    mode: first('mode', TASTE_GROUPS.mode),
    energy: first('energy', TASTE_GROUPS.energy),
    brightness: first('brightness', TASTE_GROUPS.brightness),
    doorGenres: taste.doorGenres.filter((g): g is (typeof GENRE_NAMES)[number] =>
      (GENRE_NAMES as readonly string[]).includes(g),
    ),
  };
}

/** The radar's part of one deal: the scores drawn for it, and whether it is one to explore. */
export interface RadarDraw {
  /** The taste scores drawn for this deal, flat in TASTE_LAYOUT's order. */
  scores: number[];
  /** The share of deals that are uniform among the candidates. */
  explore: number;
  /** This deal's explore draw in [0, 1), or null when it deals the best candidate. */
  exploreDraw: number | null;
}

/** A candidate's score: the drawn scores of the bands its sound falls in (0 for one unmeasured). */
function scoreOf(candidate: CandidateBands, scores: readonly number[]): number {
  let score = 0;
  for (const g of GROUPS) {
    const i = bandIndex(g, candidate[g]);
    if (i !== null) score += scores[i] ?? 0;
  }
  return score;
}

/**
 * The radar's pick among the candidates (in the draw's order, at least one): the best scored
 * (the first in the draw's order among equals), or on an explore deal the one the explore draw
 * lands on, uniformly. The propensity is the chance the policy gave the pick, given the
 * candidates: 1 - explore + explore / n for the best, explore / n for any other.
 */
export function chooseCandidate(
  candidates: readonly CandidateBands[],
  draw: RadarDraw,
): { index: number; choice: DealChoice } {
  const n = candidates.length;
  let best = 0;
  let bestScore = -Infinity;
  candidates.forEach((candidate, i) => {
    const score = scoreOf(candidate, draw.scores);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  const index = draw.exploreDraw === null ? best : Math.min(n - 1, Math.floor(draw.exploreDraw * n));
  return {
    index,
    choice: {
      policy: draw.exploreDraw === null ? 'radar' : 'explore',
      propensity: (index === best ? 1 - draw.explore : 0) + draw.explore / n,
      candidates: n,
    },
  };
}
