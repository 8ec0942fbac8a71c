import { KIT_MESSAGES, kitEndpoints, type SavePresetRequest } from '@klang/domain';
import { api } from '../../../lib/api-client';
import { kitErrorMessage } from './function-error';

/** Spec 002 §7 generate-soundfx: one sound as an audio blob; a failure reads as spec 002 §8 says. */
export async function generateSound(prompt: string, signal?: AbortSignal): Promise<Blob> {
  try {
    return await api.call(kitEndpoints.generateSoundFx, { body: { prompt }, ...(signal && { signal }) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(kitErrorMessage(error, KIT_MESSAGES.failedToGenerateSounds), { cause: error });
  }
}

export function fetchPresets() {
  return api.call(kitEndpoints.soundlabPresets);
}

export function savePreset(preset: number, body: SavePresetRequest) {
  return api.call(kitEndpoints.saveSoundlabPreset, { params: { preset: String(preset) }, body });
}
