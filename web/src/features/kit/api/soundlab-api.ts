import { KIT_MESSAGES, presetsResponseSchema, type SavePresetRequest } from '@klang/domain';
import { api, apiRequest } from '../../../lib/api-client';

/** Reads the spec's error body (`{error}` or `{message}`), else 'HTTP {status}: {statusText}' (spec 002 §8). */
export async function readFunctionError(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
    if (typeof body.message === 'string' && body.message) return body.message;
    return fallback;
  } catch {
    return `HTTP ${response.status}: ${response.statusText}`;
  }
}

/** Spec 002 §7 generate-soundfx: one sound as an audio blob. */
export async function generateSound(prompt: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch('/functions/v1/generate-soundfx', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ prompt }),
    ...(signal && { signal }),
  });
  if (!response.ok) throw new Error(await readFunctionError(response, KIT_MESSAGES.failedToGenerateSounds));
  return response.blob();
}

export function fetchPresets() {
  return api.get('/api/kit/soundlab/presets', presetsResponseSchema);
}

export function savePreset(preset: number, body: SavePresetRequest) {
  return apiRequest(`/api/kit/soundlab/presets/${preset}`, undefined, { method: 'PUT', body });
}
