/** How a pack's training stands at the engine. */
export type TrainingState = { state: 'training' } | { state: 'ready' } | { state: 'error'; reason: string };

export interface StartTrainingInput {
  packId: string;
  /** Storage keys (bucket artist-packs) of the training photos, best-first is not assumed. */
  photoKeys: string[];
}

/**
 * Trains a character model on an artist's photos and renders press shots with it (spec 002 §2.6).
 * Training is asynchronous everywhere: start it, then ask (or be told by webhook) how it stands.
 */
export interface KlangPacksProvider {
  readonly name: 'local' | 'replicate';
  /** Starts training; resolves with the engine's id of the model being trained. */
  startTraining(input: StartTrainingInput, signal: AbortSignal): Promise<{ modelId: string }>;
  checkTraining(modelId: string, signal: AbortSignal): Promise<TrainingState>;
  /** Renders one press shot for a prompt; resolves with JPEG bytes held by Klang, not a provider URL. */
  generate(input: { modelId: string; prompt: string; seed: number }, signal: AbortSignal): Promise<Buffer>;
  /** Forgets a trained model (the pack was deleted); a model already gone is not an error. */
  deleteModel(modelId: string): Promise<void>;
}
