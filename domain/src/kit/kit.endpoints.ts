import { z } from 'zod';
import { binary, defineEndpoints, endpoint } from '../contract/endpoint';
import { perAccount } from '../contract/policy';
import {
  generateSoundFxRequestSchema,
  generateVocalsRequestSchema,
  presetParamsSchema,
  presetsResponseSchema,
  savePresetRequestSchema,
  voicesResponseSchema,
  KIT_LIMITS,
} from './kit.schema';

const tags = ['kit'];

/** The audio the Kit's generators answer with: MP3 from ElevenLabs and the local providers alike. */
const audio = binary('audio/mpeg');

/**
 * The Klang Kit's endpoints (spec 002 §4, §7): the spec's named functions of SoundLab and
 * VocalLab, which keep their names, and SoundLab's saved presets. Every call is gated by tier on
 * the server (decision 0030); the functions answer the spec's error body (`{error, message}`).
 */
export const kitEndpoints = defineEndpoints({
  /** One sound effect from a prompt, as audio. */
  generateSoundFx: endpoint({
    method: 'POST',
    path: '/functions/v1/generate-soundfx',
    policy: {
      access: 'pro',
      limit: perAccount(KIT_LIMITS.soundFxPerWindow, KIT_LIMITS.soundFxWindow),
      cache: 'no-store',
      dialect: 'function',
    },
    body: generateSoundFxRequestSchema,
    response: audio,
    tags,
  }),
  getVoices: endpoint({
    method: 'GET',
    path: '/functions/v1/get-voices',
    policy: { access: 'pro', limit: perAccount(60, '1 minute'), dialect: 'function' },
    response: { 200: voicesResponseSchema },
    tags,
  }),
  /** Spoken or sung vocals, as audio. */
  generateVocals: endpoint({
    method: 'POST',
    path: '/functions/v1/generate-vocals',
    policy: {
      access: 'pro',
      limit: perAccount(KIT_LIMITS.vocalsPerMinute, '1 minute'),
      cache: 'no-store',
      dialect: 'function',
    },
    body: generateVocalsRequestSchema,
    response: audio,
    tags,
  }),
  soundlabPresets: endpoint({
    method: 'GET',
    path: '/api/kit/soundlab/presets',
    policy: { access: 'pro', limit: null },
    response: { 200: presetsResponseSchema },
    tags,
  }),
  saveSoundlabPreset: endpoint({
    method: 'PUT',
    path: '/api/kit/soundlab/presets/:preset',
    policy: { access: 'pro', limit: perAccount(20, '1 minute') },
    params: presetParamsSchema,
    body: savePresetRequestSchema,
    response: { 204: z.null() },
    tags,
  }),
});
