import { KIT_MESSAGES, voicesResponseSchema, type GenerateVocalsRequest, type Voice } from '@klang/domain';
import { readFunctionError } from './soundlab-api';

/** Spec 002 §7 get-voices. */
export async function fetchVoices(): Promise<Voice[]> {
  const response = await fetch('/functions/v1/get-voices', { credentials: 'include' });
  if (!response.ok) throw new Error(KIT_MESSAGES.failedToLoadVoices);
  const parsed = voicesResponseSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(KIT_MESSAGES.failedToLoadVoices);
  return parsed.data.voices;
}

/** Spec 002 §7 generate-vocals: an audio blob; error bodies are read for their message (§8). */
export async function generateVocals(body: GenerateVocalsRequest): Promise<Blob> {
  const response = await fetch('/functions/v1/generate-vocals', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(await readFunctionError(response, KIT_MESSAGES.failedToGenerateVocals));
  return response.blob();
}
