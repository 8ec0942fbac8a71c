import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  generateSoundFxRequestSchema,
  generateVocalsRequestSchema,
  voicesResponseSchema,
  KIT_LIMITS,
  presetParamsSchema,
  presetsResponseSchema,
  savePresetRequestSchema,
  SOUNDLAB,
} from '@klang/domain';
import { limitPerAccount } from '../../plugins/rate-limit';
import type { KitService } from './kit.service';

/** The Kit's HTTP surface: the spec's named functions keep their names and bodies. */
export const kitRoutes: FastifyPluginAsyncZod<{ service: KitService }> = async (app, { service }) => {
  app.post(
    '/functions/v1/generate-soundfx',
    {
      schema: { tags: ['kit'], body: generateSoundFxRequestSchema },
      ...limitPerAccount(KIT_LIMITS.soundFxPerWindow, KIT_LIMITS.soundFxWindow),
    },
    async (request, reply) => {
      const sound = await service.generateSoundFx(request.account, request.body.prompt);
      return reply.type(sound.contentType).header('Cache-Control', 'no-store').send(sound.audio);
    },
  );

  app.get(
    '/functions/v1/get-voices',
    { schema: { tags: ['kit'], response: { 200: voicesResponseSchema } }, ...limitPerAccount(60) },
    async (request) => ({ voices: await service.listVoices(request.account) }),
  );

  app.post(
    '/functions/v1/generate-vocals',
    {
      schema: { tags: ['kit'], body: generateVocalsRequestSchema },
      ...limitPerAccount(KIT_LIMITS.vocalsPerMinute),
    },
    async (request, reply) => {
      const vocal = await service.generateVocals(request.account, request.body);
      return reply.type(vocal.contentType).header('Cache-Control', 'no-store').send(vocal.audio);
    },
  );

  app.get(
    '/api/kit/soundlab/presets',
    { schema: { tags: ['kit'], response: { 200: presetsResponseSchema } } },
    async (request) => ({ presets: await service.listPresets(request.account) }),
  );

  app.put(
    '/api/kit/soundlab/presets/:preset',
    {
      schema: {
        tags: ['kit'],
        params: presetParamsSchema,
        body: savePresetRequestSchema,
        response: { 204: z.null() },
      },
      // Every sound pad may carry a new sound, base64 in JSON.
      bodyLimit: Math.ceil((SOUNDLAB.soundPads.length * SOUNDLAB.maxSoundBytes * 4) / 3) + 64 * 1024,
      ...limitPerAccount(20),
    },
    async (request, reply) => {
      await service.savePreset(request.account, request.params.preset, request.body);
      return reply.status(204).send(null);
    },
  );
};
