import { RADAR_RULES, type TasteSummary } from '@klang/domain';
import type { createPlayerRepository, DealRequest, Dealt } from './player.repository';
import {
  chooseCandidate,
  drawScores,
  populationRates,
  summarise,
  tasteOf,
  type PopulationRates,
  type Taste,
} from './radar';

/** The radar's operator settings (decision 0283): `RADAR`, `RADAR_BAND`, `RADAR_EXPLORE`. */
export interface RadarSettings {
  enabled: boolean;
  /** Past the first listens, deal within this many deals of the least-dealt track. */
  band: number;
  /** The share of deals that stay uniform among the candidates. */
  explore: number;
}

/** A listener's taste is read again after this many deals or this long, whichever comes first. */
const TASTE_REREAD_DEALS = 3;
const TASTE_REREAD_MS = 60_000;
/** The population's rates move slowly: read every ten minutes. */
const RATES_REREAD_MS = 10 * 60_000;
/** Tastes kept in the process (least recently dealt forgotten first): a few kB each. */
const TASTES_KEPT = 20_000;

/**
 * Keeps listeners' tastes in the process (issue 29 item 6): read from their deals once, then
 * again every few deals or minutes, never per deal; a reset or a door pick forgets at once.
 * Each process keeps its own; all read the same deals, so they agree within a few deals.
 */
export function createTasteKeeper(
  repo: ReturnType<typeof createPlayerRepository>,
  settings: RadarSettings,
  now: () => Date,
) {
  const tastes = new Map<string, { taste: Taste; readAt: number; deals: number }>();
  let rates: { values: PopulationRates; readAt: number } | null = null;

  async function populationNow(): Promise<PopulationRates> {
    const at = now().getTime();
    if (!rates || at - rates.readAt >= RATES_REREAD_MS)
      rates = { values: populationRates(await repo.populationEvidence()), readAt: at };
    return rates.values;
  }

  async function read(userId: string): Promise<Taste> {
    const { evidence, doorGenres } = await repo.tasteEvidence(userId);
    return tasteOf(evidence, doorGenres);
  }

  /** The listener's taste, counting one deal against its freshness. */
  async function tasteForDeal(userId: string): Promise<Taste> {
    const at = now().getTime();
    const kept = tastes.get(userId);
    tastes.delete(userId);
    const fresh = kept && kept.deals < TASTE_REREAD_DEALS && at - kept.readAt < TASTE_REREAD_MS;
    const entry = fresh ? kept : { taste: await read(userId), readAt: at, deals: 0 };
    entry.deals++;
    tastes.set(userId, entry);
    const oldest = tastes.keys().next();
    if (tastes.size > TASTES_KEPT && !oldest.done) tastes.delete(oldest.value);
    return entry.taste;
  }

  return {
    /**
     * Deals by the radar (decision 0283): a Thompson draw of the listener's taste scores the
     * candidates the fair rule allows, and the best is dealt, or on one deal in `explore` (more
     * with "surprise me") a uniform one. Off, or when the pick left the deck since it was read,
     * the fair deal alone. `tuned` says the listener's verdicts now steer their deck.
     */
    async deal(
      request: DealRequest,
      surprise: boolean,
      random: () => number,
    ): Promise<{ dealt: Dealt | undefined; tuned: boolean }> {
      if (!settings.enabled) return { dealt: await repo.dealCandidate(request), tuned: false };
      const [taste, population, candidates] = await Promise.all([
        tasteForDeal(request.userId),
        populationNow(),
        repo.radarCandidates(request, RADAR_RULES.candidates, settings.band),
      ]);
      const tuned = taste.verdicts >= RADAR_RULES.tunedAfterVerdicts;
      if (candidates.length === 0) return { dealt: undefined, tuned };
      const explore = surprise ? Math.max(settings.explore, RADAR_RULES.surpriseExplore) : settings.explore;
      const { index, choice } = chooseCandidate(candidates, {
        scores: drawScores(taste, population, random),
        explore,
        exploreDraw: random() < explore ? random() : null,
      });
      const picked = candidates[index];
      const dealt =
        picked && (await repo.dealChosen(request.userId, picked.track_id, request.dealtAt, choice));
      return { dealt: dealt ?? (await repo.dealCandidate(request)), tuned };
    },

    /** Whether the listener's verdicts steer their deck, for a deal the radar did not pick. */
    async tuned(userId: string): Promise<boolean> {
      if (!settings.enabled) return false;
      return (await tasteForDeal(userId)).verdicts >= RADAR_RULES.tunedAfterVerdicts;
    },

    /** What the deck has learned, read afresh. */
    async summary(userId: string): Promise<TasteSummary> {
      const [taste, population] = await Promise.all([read(userId), populationNow()]);
      return summarise(taste, population);
    },

    /** The listener changed what the taste starts from: read it again at the next deal. */
    forget(userId: string): void {
      tastes.delete(userId);
    },
  };
}
