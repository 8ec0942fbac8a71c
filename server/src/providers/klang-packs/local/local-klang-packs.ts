/**
 * The offline character-pack engine. "Training" analyses every photo (subject region,
 * sharpness, framing, exposure, colours), ranks them and keeps that as the pack's model, a JSON
 * file beside the photos. Generation picks one of the best-ranked photos and renders the press
 * shot the prompt describes from it (render-press-shot.ts). No neural model: the artist's own
 * photos are the likeness.
 */
import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import { createRng } from '../../../lib/random';
import { newStorageKey, type StorageProvider } from '../../storage/storage';
import type { KlangPacksProvider, TrainingState } from '../klang-packs';
import { analysePhoto, type PhotoAnalysis } from './analyse-photo';
import { styleFromPrompt } from './prompt-style';
import { renderPressShot } from './render-press-shot';

export interface LocalKlangPacksOptions {
  storage: StorageProvider;
  /**
   * The shortest a training takes, however fast the analysis was: the status flow (polling,
   * the ready toast) behaves as it does with a real fine-tune. Short in tests and E2E.
   */
  minTrainingMs: number;
  now?: () => number;
}

/** Generation chooses among this many of the best-ranked photos. */
const CANDIDATES = 5;

const rgb = z.tuple([z.number(), z.number(), z.number()]);
const modelSchema = z.object({
  version: z.literal(1),
  readyAt: z.number(),
  photos: z.array(
    z.object({
      key: z.string(),
      score: z.number(),
      subject: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
      subjectFrom: z.enum(['skin', 'saliency']),
    }),
  ),
  palette: z.array(rgb),
  skinTone: rgb,
});
export type LocalPackModel = z.infer<typeof modelSchema>;

/** The pack's colour profile: the photos' palettes pooled, most frequent first (by rank order). */
function poolPalettes(analyses: PhotoAnalysis[]): [number, number, number][] {
  return analyses.slice(0, CANDIDATES).flatMap((a) => a.palette.slice(0, 2));
}

function medianTone(analyses: PhotoAnalysis[]): [number, number, number] {
  const channel = (c: 0 | 1 | 2) => {
    const values = analyses.map((a) => a.skinTone[c]).sort((x, y) => x - y);
    return values[Math.floor(values.length / 2)] ?? 128;
  };
  return [channel(0), channel(1), channel(2)];
}

export function createLocalKlangPacks(options: LocalKlangPacksOptions): KlangPacksProvider & {
  readModel(modelId: string): Promise<LocalPackModel>;
} {
  const { storage } = options;
  const now = options.now ?? Date.now;

  async function readModel(modelId: string): Promise<LocalPackModel> {
    return modelSchema.parse(
      JSON.parse((await buffer(await storage.read('artist-packs', modelId))).toString('utf8')),
    );
  }

  return {
    name: 'local',
    readModel,

    async startTraining({ photoKeys }, signal) {
      const startedAt = now();
      const analysed: (PhotoAnalysis & { key: string })[] = [];
      // One photo at a time: 70 decoded photos at once would hold hundreds of megabytes.
      for (const key of photoKeys) {
        signal.throwIfAborted();
        const bytes = await buffer(await storage.read('artist-packs', key));
        analysed.push({ key, ...(await analysePhoto(bytes)) });
      }
      analysed.sort((a, b) => b.score - a.score);
      const model: LocalPackModel = {
        version: 1,
        readyAt: startedAt + options.minTrainingMs,
        photos: analysed.map(({ key, score, subject, subjectFrom }) => ({
          key,
          score,
          subject,
          subjectFrom,
        })),
        palette: poolPalettes(analysed),
        skinTone: medianTone(analysed),
      };
      const modelId = newStorageKey('json');
      await storage.put('artist-packs', modelId, Buffer.from(JSON.stringify(model)), {
        contentType: 'application/json',
      });
      return { modelId };
    },

    async checkTraining(modelId): Promise<TrainingState> {
      const model = await readModel(modelId).catch(() => null);
      if (!model) return { state: 'error', reason: 'the trained model is missing' };
      return now() >= model.readyAt ? { state: 'ready' } : { state: 'training' };
    },

    async generate({ modelId, prompt, seed }, signal) {
      const model = await readModel(modelId);
      const style = styleFromPrompt(prompt);
      const rng = createRng(`press-shot:${prompt.trim().toLowerCase()}:${seed}`);
      // A close-up needs a found face; prefer photos whose subject is skin when there are any.
      const ranked =
        style.framing === 'close-up' && model.photos.some((p) => p.subjectFrom === 'skin')
          ? model.photos.filter((p) => p.subjectFrom === 'skin')
          : model.photos;
      const candidates = ranked.slice(0, CANDIDATES);
      const chosen = candidates[rng.int(0, candidates.length - 1)];
      if (!chosen) throw new Error('the model has no photos');
      signal.throwIfAborted();
      const photo = await buffer(await storage.read('artist-packs', chosen.key));
      return renderPressShot({
        photo,
        subject: chosen.subject,
        style,
        palette: model.palette,
        skinTone: model.skinTone,
        rng,
      });
    },

    async deleteModel(modelId) {
      await storage.delete('artist-packs', modelId);
    },
  };
}
